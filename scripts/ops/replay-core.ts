import { applyTaskUpdate } from '@draw/machines';
import {
  Reactions,
  type ChannelEvent,
  type Message,
  type Reaction,
  type ReactionChange,
  type Task,
} from '@draw/shared';

export interface ReplayProblem {
  channelId: string;
  seq: number | null;
  kind: 'gap' | 'illegal-transition' | 'unknown-task' | 'unknown-message' | 'difference' | 'duplicate';
  detail: string;
}

export interface ReplayReport {
  channels: number;
  eventsRead: number;
  tasksRebuilt: number;
  messagesRebuilt: number;
  illegalTransitions: number;
  differences: number;
  /** Numbers a shared counter handed out that no event carries: not losses (see `Numbering`). */
  skippedNumbers: number;
  problems: ReplayProblem[];
}

/**
 * Where event numbers come from. `log`: the log itself, so a missing number is a lost event.
 * `counter` (MongoDB): a process that dies between taking a number and writing its event skips
 * that number and loses nothing (the change it carried is republished under a later one), so
 * missing numbers are counted, not reported; a lost change shows as a difference from the store.
 */
export type Numbering = 'log' | 'counter';

/** Lifecycle fields compared between the rebuilt and the stored task. */
export const COMPARED = [
  'status',
  'progress',
  'imageUrl',
  'failReason',
  'finishTime',
  'prompt',
  'finalPrompt',
] as const satisfies readonly (keyof Task)[];

/** What the replay compares of a stored task (null where the store lacks a field): all a large store needs to keep in memory. */
export type StoredTask = { [K in (typeof COMPARED)[number]]: Task[K] | null };

/** What the replay compares of a stored message besides its presence: its last edit and its reaction counts. */
export interface StoredMessage {
  editedAt: number | null;
  reactions: readonly { emoji: string; count: number }[];
}

export interface StoredState {
  tasks: ReadonlyMap<string, StoredTask>;
  /** Ids of the messages that are not deleted. */
  messageIds: ReadonlySet<string>;
  /** The live messages' edits and reactions, where the store was read for them. */
  messages?: ReadonlyMap<string, StoredMessage>;
}

/** Reactions as `emoji×count` in their order: how the log's and the store's are compared. */
const countsOf = (reactions: readonly { emoji: string; count: number }[]) =>
  reactions.map((r) => `${r.emoji}×${r.count}`).join(' ');

/**
 * Rebuilds task and message state from one channel's event log by running every task event
 * through the task machine, reporting gaps, illegal transitions and differences from the store.
 */
export function replayChannel(
  channelId: string,
  events: readonly ChannelEvent[],
  stored: StoredState | null,
  numbering: Numbering = 'log',
): ReplayReport {
  const problems: ReplayProblem[] = [];
  const tasks = new Map<string, Task>();
  const messages = new Map<string, Message>();
  let skippedNumbers = 0;
  const gap = (seq: number, from: number, detail: string) => {
    if (numbering === 'counter') skippedNumbers += seq - from;
    else problems.push({ channelId, seq, kind: 'gap', detail });
  };
  const unknownMessage = (seq: number, id: string, what: string) =>
    problems.push({
      channelId,
      seq,
      kind: 'unknown-message',
      detail: `${what} for message ${id}, not posted (or deleted) before`,
    });
  let expected = events[0]?.seq ?? 1;
  if (expected !== 1) gap(expected, 1, `log starts at seq ${expected}`);
  for (const event of events) {
    if (event.seq < expected)
      problems.push({ channelId, seq: event.seq, kind: 'duplicate', detail: `seq ${event.seq} seen twice` });
    else if (event.seq > expected) gap(event.seq, expected, `seq ${expected}…${event.seq - 1} missing`);
    expected = Math.max(expected, event.seq + 1);
    switch (event.type) {
      case 'task.created':
        tasks.set(event.data.id, event.data);
        break;
      case 'task.updated': {
        const current = tasks.get(event.data.id);
        if (!current) {
          problems.push({
            channelId,
            seq: event.seq,
            kind: 'unknown-task',
            detail: `update for task ${event.data.id} before it was created`,
          });
          tasks.set(event.data.id, event.data);
          break;
        }
        const sameLifecycle =
          current.status === event.data.status && current.progress === event.data.progress;
        const result = applyTaskUpdate(current, event.data);
        if (result.accepted) tasks.set(event.data.id, { ...result.task, ...event.data });
        else if (sameLifecycle) tasks.set(event.data.id, event.data);
        else {
          problems.push({
            channelId,
            seq: event.seq,
            kind: 'illegal-transition',
            detail: `task ${event.data.id}: ${current.status} ${current.progress} → ${event.data.status} ${event.data.progress} (${result.reason})`,
          });
        }
        break;
      }
      case 'message.created':
        messages.set(event.data.id, event.data);
        break;
      case 'message.deleted':
        messages.delete(event.data.id);
        break;
      case 'message.updated': {
        const current = messages.get(event.data.id);
        if (!current) unknownMessage(event.seq, event.data.id, 'an edit');
        else {
          const { content, editedAt, mentions } = event.data;
          messages.set(current.id, { ...current, content, editedAt, mentions });
        }
        break;
      }
      case 'message.reactions': {
        const current = messages.get(event.data.id);
        if (!current) unknownMessage(event.seq, event.data.id, 'a reaction');
        else messages.set(current.id, { ...current, reactions: withReaction(current.reactions, event.data) });
        break;
      }
      case 'channel.updated':
      case 'channel.deleted':
      case 'member.joined':
      case 'member.left':
      case 'member.removed':
      case 'member.updated':
        break;
      default: {
        const never: never = event;
        problems.push({
          channelId,
          seq: (never as ChannelEvent).seq,
          kind: 'difference',
          detail: 'unknown event type',
        });
      }
    }
  }
  if (stored) compare(channelId, tasks, messages, stored, problems);
  return {
    channels: 1,
    eventsRead: events.length,
    tasksRebuilt: tasks.size,
    messagesRebuilt: messages.size,
    illegalTransitions: problems.filter((p) => p.kind === 'illegal-transition').length,
    differences: problems.filter((p) => p.kind === 'difference').length,
    skippedNumbers,
    problems,
  };
}

/** A message's reactions after one change: the event's count is the emoji's count afterwards. */
function withReaction(reactions: readonly Reaction[], change: ReactionChange): Reaction[] {
  const { emoji, count, userId, added } = change;
  const current = reactions.find((r) => r.emoji === emoji);
  if (count === 0) return reactions.filter((r) => r.emoji !== emoji);
  const userIds = (current?.userIds ?? []).filter((id) => id !== userId);
  const entry = {
    emoji,
    count,
    me: false,
    userIds: (added ? [...userIds, userId] : userIds).slice(0, Reactions.userIdsShown),
  };
  return current ? reactions.map((r) => (r.emoji === emoji ? entry : r)) : [...reactions, entry];
}

function compare(
  channelId: string,
  tasks: Map<string, Task>,
  messages: Map<string, Message>,
  stored: StoredState,
  problems: ReplayProblem[],
) {
  const differ = (detail: string) => problems.push({ channelId, seq: null, kind: 'difference', detail });
  for (const [id, rebuilt] of tasks) {
    const real = stored.tasks.get(id);
    if (!real) differ(`task ${id} is in the log but not in the store`);
    else
      for (const field of COMPARED) {
        // An absent field and a null one say the same (a store read by fields answers null for both).
        const [logged, kept] = [JSON.stringify(rebuilt[field] ?? null), JSON.stringify(real[field] ?? null)];
        if (logged !== kept) differ(`task ${id}.${field}: log ${logged} ≠ store ${kept}`);
      }
  }
  for (const id of stored.tasks.keys())
    if (!tasks.has(id)) differ(`task ${id} is in the store but not in the log`);
  for (const id of messages.keys())
    if (!stored.messageIds.has(id)) differ(`message ${id} is in the log but not in the store`);
  for (const id of stored.messageIds)
    if (!messages.has(id)) differ(`message ${id} is in the store but not in the log`);
  for (const [id, real] of stored.messages ?? []) {
    const rebuilt = messages.get(id);
    if (!rebuilt) continue;
    if ((rebuilt.editedAt ?? null) !== real.editedAt)
      differ(`message ${id}.editedAt: log ${rebuilt.editedAt ?? null} ≠ store ${real.editedAt}`);
    const [logged, kept] = [countsOf(rebuilt.reactions ?? []), countsOf(real.reactions)];
    if (logged !== kept) differ(`message ${id}.reactions: log ${logged || 'none'} ≠ store ${kept || 'none'}`);
  }
}

export function mergeReports(reports: ReplayReport[]): ReplayReport {
  const sum: ReplayReport = {
    channels: 0,
    eventsRead: 0,
    tasksRebuilt: 0,
    messagesRebuilt: 0,
    illegalTransitions: 0,
    differences: 0,
    skippedNumbers: 0,
    problems: [],
  };
  for (const r of reports) {
    sum.channels += r.channels;
    sum.eventsRead += r.eventsRead;
    sum.tasksRebuilt += r.tasksRebuilt;
    sum.messagesRebuilt += r.messagesRebuilt;
    sum.illegalTransitions += r.illegalTransitions;
    sum.differences += r.differences;
    sum.skippedNumbers += r.skippedNumbers;
    for (const p of r.problems) sum.problems.push(p); // no spread: a log with millions of problems would overflow the call stack
  }
  return sum;
}
