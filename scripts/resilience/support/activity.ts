import { isTerminal, statusRank } from '@draw/machines';
import { parseCustomId, TaskStatus, type Message, type Task } from '@draw/shared';
import { call, type Member } from './client';
import { sleep, type Random } from './random';
import type { ChannelViewer } from './viewer';

/** Members at work in their channels, as the crash and reconnect suites drive them. */

export interface AckedTask {
  id: string;
  channelId: string;
  userId: string;
}

/** Everything the server acknowledged (2xx + success envelope), and what it was last seen as. */
export class Ledger {
  readonly tasks = new Map<string, AckedTask>();
  readonly messages = new Map<string, { id: string; channelId: string }>();
  readonly cancelled = new Set<string>();
  /** The state each task was last read in over REST: later reads may only move it forward. */
  readonly lastSeen = new Map<string, Task>();
  submitAcks = 0;
  private waiters: (() => void)[] = [];

  submitted(task: AckedTask): void {
    this.tasks.set(task.id, task);
    this.submitAcks += 1;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves at the next acknowledged submit, or after `timeoutMs`. */
  nextSubmitAck(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  tasksIn(channelId: string): AckedTask[] {
    return [...this.tasks.values()].filter((task) => task.channelId === channelId);
  }
}

export interface World {
  origin: string;
  channels: string[];
  members: Member[];
  viewers: ChannelViewer[];
  ledger: Ledger;
}

/** The freshest state of a task any member's screen shows. */
export function shownTask(world: World, channelId: string, taskId: string): Task | undefined {
  let best: Task | undefined;
  for (const viewer of world.viewers) {
    if (viewer.channelId !== channelId) continue;
    const task = viewer.state.tasks[taskId];
    if (task && (!best || statusRank(task.status) > statusRank(best.status))) best = task;
  }
  return best;
}

const WORDS = [
  'storm',
  'lighthouse',
  'forest',
  'fox',
  'mountain',
  'river',
  'city',
  'night',
  'garden',
  'whale',
  'desert',
  'moon',
];

/** One member's activity until `stopped()`: imagine, press a button, chat, cancel, with seeded pauses. */
export async function memberLoop(
  world: World,
  member: Member,
  rng: Random,
  stopped: () => boolean,
  limits: { maxTasks: number; maxOpenPerMember?: number; pauseMs?: [number, number] },
): Promise<void> {
  const maxOpen = limits.maxOpenPerMember ?? 3;
  const [pauseMin, pauseMax] = limits.pauseMs ?? [100, 450];
  const { origin, ledger } = world;
  let counter = 0;
  while (!stopped()) {
    counter += 1;
    const channelId = rng.pick(world.channels);
    const roll = rng.next();
    const mine = [...ledger.tasks.values()].filter((t) => t.userId === member.userId);
    const open = mine.filter(
      (t) => !isTerminal(shownTask(world, t.channelId, t.id)?.status ?? TaskStatus.Submitted),
    );
    const parents = ledger
      .tasksIn(channelId)
      .map((t) => shownTask(world, channelId, t.id))
      .filter((t): t is Task => t?.status === TaskStatus.Success)
      .flatMap((t) =>
        t.buttons
          .filter((b) => ['upscale', 'variation'].includes(parseCustomId(b.customId)?.kind ?? ''))
          .map((b) => ({ task: t, customId: b.customId })),
      );
    const canSubmit = ledger.tasks.size < limits.maxTasks && open.length < maxOpen;
    if (roll < 0.35 && canSubmit) {
      const prompt = `${rng.pick(WORDS)} ${rng.pick(WORDS)} ${member.label}-${counter}`;
      const answer = await call<{ taskId: string }>(
        origin,
        'POST',
        `/api/mj/submit/imagine/${channelId}`,
        member.token,
        { prompt },
      );
      if (answer.acknowledged) ledger.submitted({ id: answer.data.taskId, channelId, userId: member.userId });
    } else if (roll < 0.55 && canSubmit && parents.length > 0) {
      const { task, customId } = rng.pick(parents);
      const answer = await call<{ taskId: string }>(
        origin,
        'POST',
        `/api/mj/submit/action/${channelId}`,
        member.token,
        { taskId: task.id, customId },
      );
      if (answer.acknowledged) ledger.submitted({ id: answer.data.taskId, channelId, userId: member.userId });
    } else if (roll < 0.85 || open.length === 0) {
      const answer = await call<Message>(origin, 'POST', `/api/draw/chat/${channelId}`, member.token, {
        content: `${member.label} says ${counter}`,
      });
      if (answer.acknowledged) ledger.messages.set(answer.data.id, { id: answer.data.id, channelId });
    } else {
      const target = rng.pick(open);
      const answer = await call<Task>(origin, 'POST', `/api/mj/task/${target.id}/cancel`, member.token);
      if (answer.acknowledged) ledger.cancelled.add(target.id);
    }
    await sleep(rng.int(pauseMin, pauseMax));
  }
}
