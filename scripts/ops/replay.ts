import type { ChannelEvent } from '@draw/shared';
import { Events } from '../../server/src/realtime/repository';
import { Tasks } from '../../server/src/features/tasks/repository';
import { Messages } from '../../server/src/features/messages/repository';
import {
  COMPARED,
  mergeReports,
  replayChannel,
  type ReplayReport,
  type StoredState,
  type StoredTask,
} from './replay-core';
import type { ReadSource } from './source';

/**
 * Replays one channel: its log in seq order and the stored tasks and live messages it is
 * compared with, each read from the store with the channel in the query (on an index), so memory
 * follows the largest channel, never the whole history.
 */
async function replayOne(source: ReadSource, channelId: string): Promise<ReplayReport> {
  // The stored side is read by the fields compared: a task's whole document (job, buttons,
  // properties) is several times what the replay keeps of it.
  const [events, tasks, messages] = await Promise.all([
    source.where(Events, { channelId }, { sort: { seq: 1 } }),
    source.fieldsWhere(Tasks, { channelId }, COMPARED),
    source.fieldsWhere(Messages, { channelId }, ['deletedAt', 'editedAt', 'reactions']),
  ]);
  const stored: StoredState = {
    tasks: new Map(tasks.map(({ _id, ...compared }): [string, StoredTask] => [_id, compared])),
    messageIds: new Set(messages.filter((m) => !m.deletedAt).map((m) => m._id)),
    messages: new Map(
      messages
        .filter((m) => !m.deletedAt)
        .map((m) => [m._id, { editedAt: m.editedAt ?? null, reactions: m.reactions ?? [] }]),
    ),
  };
  // Each stored event is the ChannelEvent plus its `_id`, which the replay never reads: not copied.
  return replayChannel(channelId, events as readonly ChannelEvent[], stored, source.numbering);
}

/** Replays one channel's log (or every channel's, one at a time) against the stored state. */
export async function replayFromSource(
  source: ReadSource,
  channelId?: string,
): Promise<ReplayReport & { seconds: number }> {
  const started = performance.now();
  const channels = channelId ? [channelId] : await source.distinct(Events, 'channelId');
  const reports: ReplayReport[] = [];
  for (const id of channels) reports.push(await replayOne(source, id));
  return { ...mergeReports(reports), seconds: (performance.now() - started) / 1000 };
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
    ...(report.skippedNumbers
      ? [`skipped numbers:      ${report.skippedNumbers} (a shared counter's, not lost events)`]
      : []),
    `time:                 ${report.seconds.toFixed(2)} s (${rate} events/s)`,
  ];
  for (const p of report.problems.slice(0, 50))
    lines.push(`  ${p.kind} in ${p.channelId}${p.seq ? ` @${p.seq}` : ''}: ${p.detail}`);
  if (report.problems.length > 50) lines.push(`  … and ${report.problems.length - 50} more`);
  return lines.join('\n');
}
