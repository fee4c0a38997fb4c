import type { ChannelEvent, Message, Task } from '@draw/shared';
import { Events } from '../../server/src/realtime/repository';
import { Tasks, toTask } from '../../server/src/features/tasks/repository';
import { Messages } from '../../server/src/features/messages/repository';
import { mergeReports, replayChannel, type ReplayReport } from './replay-core';
import type { ReadSource } from './source';

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Replays one channel's log (or every channel's) against the stored state. */
export async function replayFromSource(source: ReadSource, channelId?: string): Promise<ReplayReport & { seconds: number }> {
  const started = performance.now();
  const [events, tasks, messages] = await Promise.all([source.all(Events), source.all(Tasks), source.all(Messages)]);
  const byChannel = groupBy(
    events.filter((e) => !channelId || e.channelId === channelId).map(({ _id, ...e }) => e as ChannelEvent),
    (e) => e.channelId,
  );
  const tasksByChannel = groupBy(tasks.map(toTask), (t) => t.channelId);
  const messagesByChannel = groupBy(messages.filter((m) => !m.deletedAt), (m) => m.channelId);
  const reports: ReplayReport[] = [];
  for (const [id, log] of byChannel) {
    log.sort((a, b) => a.seq - b.seq);
    reports.push(
      replayChannel(id, log, {
        tasks: new Map((tasksByChannel.get(id) ?? []).map((t: Task) => [t.id, t])),
        messages: new Map((messagesByChannel.get(id) ?? []).map((m) => [m._id, { id: m._id } as Message])),
      }),
    );
  }
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
    `time:                 ${report.seconds.toFixed(2)} s (${rate} events/s)`,
  ];
  for (const p of report.problems.slice(0, 50)) lines.push(`  ${p.kind} in ${p.channelId}${p.seq ? ` @${p.seq}` : ''}: ${p.detail}`);
  if (report.problems.length > 50) lines.push(`  … and ${report.problems.length - 50} more`);
  return lines.join('\n');
}
