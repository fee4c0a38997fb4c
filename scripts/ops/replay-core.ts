import { applyTaskUpdate } from '@draw/machines';
import type { ChannelEvent, Message, Task } from '@draw/shared';

export interface ReplayProblem {
  channelId: string;
  seq: number | null;
  kind: 'gap' | 'illegal-transition' | 'unknown-task' | 'difference' | 'duplicate';
  detail: string;
}

export interface ReplayReport {
  channels: number;
  eventsRead: number;
  tasksRebuilt: number;
  messagesRebuilt: number;
  illegalTransitions: number;
  differences: number;
  problems: ReplayProblem[];
}

export interface StoredState {
  tasks: Map<string, Task>;
  /** Messages that are not deleted, by id. */
  messages: Map<string, Message>;
}

/** Lifecycle fields compared between the rebuilt and the stored task. */
const COMPARED: (keyof Task)[] = ['status', 'progress', 'imageUrl', 'failReason', 'finishTime', 'prompt', 'finalPrompt'];

/**
 * Rebuilds task and message state from one channel's event log by running every task event
 * through the task machine, reporting gaps, illegal transitions and differences from the store.
 */
export function replayChannel(channelId: string, events: ChannelEvent[], stored: StoredState | null): ReplayReport {
  const problems: ReplayProblem[] = [];
  const tasks = new Map<string, Task>();
  const messages = new Map<string, Message>();
  let expected = events[0]?.seq ?? 1;
  if (expected !== 1) problems.push({ channelId, seq: expected, kind: 'gap', detail: `log starts at seq ${expected}` });
  for (const event of events) {
    if (event.seq < expected) problems.push({ channelId, seq: event.seq, kind: 'duplicate', detail: `seq ${event.seq} seen twice` });
    else if (event.seq > expected) problems.push({ channelId, seq: event.seq, kind: 'gap', detail: `seq ${expected}…${event.seq - 1} missing` });
    expected = Math.max(expected, event.seq + 1);
    switch (event.type) {
      case 'task.created':
        tasks.set(event.data.id, event.data);
        break;
      case 'task.updated': {
        const current = tasks.get(event.data.id);
        if (!current) {
          problems.push({ channelId, seq: event.seq, kind: 'unknown-task', detail: `update for task ${event.data.id} before it was created` });
          tasks.set(event.data.id, event.data);
          break;
        }
        const sameLifecycle = current.status === event.data.status && current.progress === event.data.progress;
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
      case 'channel.updated':
      case 'channel.deleted':
      case 'member.joined':
      case 'member.left':
      case 'member.removed':
        break;
      default: {
        const never: never = event;
        problems.push({ channelId, seq: (never as ChannelEvent).seq, kind: 'difference', detail: 'unknown event type' });
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
    problems,
  };
}

function compare(channelId: string, tasks: Map<string, Task>, messages: Map<string, Message>, stored: StoredState, problems: ReplayProblem[]) {
  const differ = (detail: string) => problems.push({ channelId, seq: null, kind: 'difference', detail });
  for (const [id, rebuilt] of tasks) {
    const real = stored.tasks.get(id);
    if (!real) differ(`task ${id} is in the log but not in the store`);
    else for (const field of COMPARED) {
      if (JSON.stringify(real[field]) !== JSON.stringify(rebuilt[field])) {
        differ(`task ${id}.${field}: log ${JSON.stringify(rebuilt[field])} ≠ store ${JSON.stringify(real[field])}`);
      }
    }
  }
  for (const id of stored.tasks.keys()) if (!tasks.has(id)) differ(`task ${id} is in the store but not in the log`);
  for (const id of messages.keys()) if (!stored.messages.has(id)) differ(`message ${id} is in the log but not in the store`);
  for (const id of stored.messages.keys()) if (!messages.has(id)) differ(`message ${id} is in the store but not in the log`);
}

export function mergeReports(reports: ReplayReport[]): ReplayReport {
  return reports.reduce<ReplayReport>(
    (sum, r) => ({
      channels: sum.channels + r.channels,
      eventsRead: sum.eventsRead + r.eventsRead,
      tasksRebuilt: sum.tasksRebuilt + r.tasksRebuilt,
      messagesRebuilt: sum.messagesRebuilt + r.messagesRebuilt,
      illegalTransitions: sum.illegalTransitions + r.illegalTransitions,
      differences: sum.differences + r.differences,
      problems: [...sum.problems, ...r.problems],
    }),
    { channels: 0, eventsRead: 0, tasksRebuilt: 0, messagesRebuilt: 0, illegalTransitions: 0, differences: 0, problems: [] },
  );
}
