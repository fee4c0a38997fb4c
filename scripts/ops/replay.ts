import type { ChannelEvent, Task } from '@draw/shared';
import { Events } from '../../server/src/realtime/repository';
import { Tasks, toTask, type TaskDoc } from '../../server/src/features/tasks/repository';
import { Messages, type MessageDoc } from '../../server/src/features/messages/repository';
import { embeddedChannelLogs, NotGroupedByOwner } from './replay-embedded';
import { mergeReports, replayChannel, storedTaskOf, type ReplayReport, type StoredState, type StoredTask } from './replay-core';
import { foldEmbeddedFile, type ReadSource } from './source';

function groupBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** What the replay compares of the store, by channel: the compared fields of tasks, the ids of live messages. */
interface StoredByChannel {
  tasks: Map<string, { id: string; channelId: string; task: StoredTask }[]>;
  messageIds: Map<string, string[]>;
}

const storedTaskEntry = (doc: TaskDoc) => {
  const task: Task = toTask(doc);
  return { id: task.id, channelId: task.channelId, task: storedTaskOf(task) };
};
/** Marks a deleted message, which the replay does not compare (not null: that could be a channel id). */
const DELETED = Symbol('deleted');
const liveMessageChannel = (doc: MessageDoc): string | typeof DELETED => (doc.deletedAt ? DELETED : doc.channelId);

function storedByChannel(tasks: Iterable<ReturnType<typeof storedTaskEntry>>, messages: Iterable<[string, string | typeof DELETED]>): StoredByChannel {
  const messageIds = new Map<string, string[]>();
  for (const [id, channelId] of messages) {
    if (channelId === DELETED) continue;
    const list = messageIds.get(channelId);
    if (list) list.push(id);
    else messageIds.set(channelId, [id]);
  }
  return { tasks: groupBy(tasks, (t) => t.channelId), messageIds };
}

function storedStateOf(stored: StoredByChannel, channelId: string): StoredState {
  const tasks = new Map<string, StoredTask>();
  for (const t of stored.tasks.get(channelId) ?? []) tasks.set(t.id, t.task);
  return { tasks, messageIds: new Set(stored.messageIds.get(channelId)) };
}

/**
 * The embedded store, streamed: the stored tasks and messages are kept only as far as the
 * replay compares them, and the log is replayed one channel at a time (replay-embedded.ts), so
 * memory follows the largest channel, not the whole log. Null when events.db is not grouped by
 * channel as the server writes it: the caller then replays the whole file at once.
 */
async function replayEmbedded(dataDir: string, channelId?: string): Promise<ReplayReport | null> {
  // Same rules as reading the files whole (last line for an _id wins, in its first place), keeping only what is compared.
  const tasks = new Map<string, ReturnType<typeof storedTaskEntry>>();
  await foldEmbeddedFile(dataDir, Tasks, { set: (id, doc) => tasks.set(id, storedTaskEntry(doc)), delete: (id) => tasks.delete(id) });
  const messages = new Map<string, string | typeof DELETED>();
  await foldEmbeddedFile(dataDir, Messages, { set: (id, doc) => messages.set(id, liveMessageChannel(doc)), delete: (id) => messages.delete(id) });
  const stored = storedByChannel(tasks.values(), messages);
  tasks.clear();
  messages.clear();
  const reports: { firstAt: number; report: ReplayReport }[] = [];
  try {
    for await (const log of embeddedChannelLogs(dataDir, channelId)) {
      log.events.sort((a, b) => a.seq - b.seq);
      reports.push({ firstAt: log.firstAt, report: replayChannel(log.channelId, log.events, storedStateOf(stored, log.channelId)) });
    }
  } catch (error) {
    if (error instanceof NotGroupedByOwner) return null;
    throw error;
  }
  reports.sort((a, b) => a.firstAt - b.firstAt);
  return mergeReports(reports.map((r) => r.report));
}

/** Everything in memory at once: MongoDB, or an events.db that is not grouped by channel. */
async function replayWhole(source: ReadSource, channelId?: string): Promise<ReplayReport> {
  const [events, tasks, messages] = await Promise.all([source.all(Events), source.all(Tasks), source.all(Messages)]);
  const byChannel = groupBy(
    events.filter((e) => !channelId || e.channelId === channelId).map(({ _id, ...e }) => e as ChannelEvent),
    (e) => e.channelId,
  );
  const stored = storedByChannel(
    tasks.map(storedTaskEntry),
    messages.map((m): [string, string | typeof DELETED] => [m._id, liveMessageChannel(m)]),
  );
  const reports: ReplayReport[] = [];
  for (const [id, log] of byChannel) {
    log.sort((a, b) => a.seq - b.seq);
    reports.push(replayChannel(id, log, storedStateOf(stored, id)));
  }
  return mergeReports(reports);
}

/** Replays one channel's log (or every channel's) against the stored state. */
export async function replayFromSource(source: ReadSource, channelId?: string): Promise<ReplayReport & { seconds: number }> {
  const started = performance.now();
  const streamed = source.embeddedDir === undefined ? null : await replayEmbedded(source.embeddedDir, channelId);
  const report = streamed ?? (await replayWhole(source, channelId));
  return { ...report, seconds: (performance.now() - started) / 1000 };
}

export function formatReport(report: ReplayReport & { seconds: number }): string {
  const rate = report.seconds > 0 ? Math.round(report.eventsRead / report.seconds) : report.eventsRead;
  const lines = [
    `channels replayed:    ${report.channels}`,
    `events read:          ${report.eventsRead}`,
    `tasks rebuilt:        ${report.tasksRebuilt}`,
    `messages rebuilt:     ${report.messagesRebuilt}`,
    `illegal transitions:  ${report.illegalTransitions}`,
    `differences:          ${report.differences}`,
    `time:                 ${report.seconds.toFixed(2)} s (${rate} events/s)`,
  ];
  for (const p of report.problems.slice(0, 50)) lines.push(`  ${p.kind} in ${p.channelId}${p.seq ? ` @${p.seq}` : ''}: ${p.detail}`);
  if (report.problems.length > 50) lines.push(`  … and ${report.problems.length - 50} more`);
  return lines.join('\n');
}
