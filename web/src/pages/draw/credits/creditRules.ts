import {
  actionOf,
  buttonTaskAction,
  TaskAction,
  TaskStatus,
  TERMINAL_TASK_STATUSES,
  type CommandActionName,
  type CreditAccount,
  type ParsedCustomId,
  type Task,
} from '@draw/shared';
import { commandInput, type CommandName } from '../composer/commands';

/** How the meter looks: enough, low (warn), or empty (nothing can be paid for). */
export const CreditLevel = { Ok: 'ok', Low: 'low', Empty: 'empty' } as const;
export type CreditLevel = (typeof CreditLevel)[keyof typeof CreditLevel];

type Prices = CreditAccount['prices'];

/**
 * Low: the balance cannot pay for two imagines (2 × the imagine price: under 4 credits with
 * today's prices), so the person learns before the last picture, not from a refusal.
 * Empty: it cannot pay for the cheapest task at all (0 with today's prices).
 */
export function creditLevel(account: Pick<CreditAccount, 'balance' | 'prices'>): CreditLevel {
  const { balance, prices } = account;
  const paid = Object.values(prices).filter((price) => price > 0);
  const cheapest = paid.length > 0 ? Math.min(...paid) : 0;
  if (balance <= 0 || balance < cheapest) return CreditLevel.Empty;
  if (balance < 2 * (prices[TaskAction.Imagine] ?? cheapest)) return CreditLevel.Low;
  return CreditLevel.Ok;
}

/** What a slash command costs: the price of the task its action makes; the panels make none. */
export function commandCost(name: CommandName, prices: Prices | null): number | null {
  const action = commandInput(name) === null ? null : actionOf(name as CommandActionName).task;
  return action && prices ? (prices[action] ?? null) : null;
}

/** What a press costs: the price of the task its action makes (the shared action table). */
export function buttonCost(parsed: ParsedCustomId | null, prices: Prices | null): number | null {
  const action = buttonTaskAction(parsed);
  return action && prices ? (prices[action] ?? null) : null;
}

/**
 * Whether a feed event may have moved this person's balance: their task was made (charged),
 * sent from its editor (a modal task is charged then), or ended (a failure or cancel is refunded).
 */
export function movesBalance(type: string, task: Pick<Task, 'userId' | 'status'>, me: string): boolean {
  if (!me || task.userId !== me) return false;
  if (type === 'task.created') return true;
  return (
    type === 'task.updated' &&
    (task.status === TaskStatus.Submitted || TERMINAL_TASK_STATUSES.includes(task.status))
  );
}

/** A failed or cancelled task: its refund is written just after the event that says so. */
export function isRefunded(task: Pick<Task, 'status'>): boolean {
  return task.status === TaskStatus.Failure || task.status === TaskStatus.Cancel;
}
