import { TaskStatus, type CreditAccount } from '@draw/shared';
import { LedgerKind, Ledger } from '../../../server/src/features/billing/repository';
import { Tasks } from '../../../server/src/features/tasks/repository';
import { openReadSource } from '../../ops/source';
import { must, type Member } from './client';

const REFUNDED = new Set<string>([TaskStatus.Failure, TaskStatus.Cancel]);

export interface CreditsReport {
  /** Tasks and charges whose credits are not where they belong ("<task> FAILURE not refunded"…). */
  wrong: string[];
  /** Per member: the balance the server answers, and grants − what their SUCCESS tasks cost. */
  balances: { label: string; balance: number; expected: number }[];
}

/**
 * What every member's credits should be once every task has ended: a task that failed or was
 * cancelled cost nothing, a charge whose task was never stored was given back, and a task that
 * succeeded was paid once. Reads the embedded store read-only (safe while the server runs), after
 * the balances, so a daily allowance the balance read settles is counted too.
 */
export async function creditsReport(
  origin: string,
  dataDir: string,
  members: readonly Member[],
): Promise<CreditsReport> {
  const accounts = await Promise.all(
    members.map((m) => must<CreditAccount>(origin, 'GET', '/api/home/credits', m.token)),
  );
  const source = await openReadSource({ MONGODB_URI: '', DATA_DIR: dataDir });
  const [entries, tasks] = await Promise.all([source.all(Ledger), source.all(Tasks)]).finally(() =>
    source.close(),
  );
  const keys = new Set(entries.map((e) => e._id));
  const stored = new Set(tasks.map((t) => t._id));
  const wrong: string[] = [];
  for (const task of tasks) {
    if (!keys.has(`spend:${task._id}`)) continue;
    const refunded = keys.has(`refund:${task._id}`);
    if (REFUNDED.has(task.status) !== refunded)
      wrong.push(`${task._id} ${task.status} ${refunded ? 'refunded' : 'not refunded'}`);
  }
  for (const entry of entries) {
    if (
      entry.kind === LedgerKind.Spend &&
      entry.taskId &&
      !stored.has(entry.taskId) &&
      !keys.has(`refund:${entry.taskId}`)
    ) {
      wrong.push(`charge ${entry._id} for a task never stored, not refunded`);
    }
  }
  const balances = members.map((member, i) => {
    const granted = entries
      .filter(
        (e) => e.userId === member.userId && e.kind !== LedgerKind.Spend && e.kind !== LedgerKind.Refund,
      )
      .reduce((sum, e) => sum + e.delta, 0);
    const paid = tasks
      .filter((t) => t.userId === member.userId && t.status === TaskStatus.Success)
      .reduce((sum, t) => sum + t.cost, 0);
    return { label: member.label, balance: accounts[i]!.balance, expected: granted - paid };
  });
  return { wrong, balances };
}
