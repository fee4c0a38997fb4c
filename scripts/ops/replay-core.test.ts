import { describe, expect, it } from 'vitest';
import { MessageKind, type ChannelEvent, type Message } from '@draw/shared';
import { replayChannel } from './replay-core';

const message = (id: string): Message => ({
  id,
  channelId: 'c1',
  author: { id: 'u1', name: 'Ann', avatar: '' },
  kind: MessageKind.Text,
  content: id,
  taskId: null,
  createdAt: 1,
  replyTo: null,
  editedAt: null,
  reactions: [],
  mentions: { userIds: [], everyone: false },
});
const created = (seq: number, id: string) =>
  ({ channelId: 'c1', seq, type: 'message.created', at: seq, data: message(id) }) as ChannelEvent;

describe('replay: missing numbers', () => {
  // seq 3 was never written: on a log-numbered store that is a lost event.
  const events = [created(1, 'm1'), created(2, 'm2'), created(4, 'm4')];

  it('reports a gap in a log-numbered store (embedded) as a problem', () => {
    const report = replayChannel(
      'c1',
      events,
      { tasks: new Map(), messageIds: new Set(['m1', 'm2', 'm4']) },
      'log',
    );
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'gap', seq: 4 })]);
  });

  it('counts a skipped counter number (MongoDB) without calling it a loss when the store agrees with the log', () => {
    const report = replayChannel(
      'c1',
      events,
      { tasks: new Map(), messageIds: new Set(['m1', 'm2', 'm4']) },
      'counter',
    );
    expect(report.problems).toEqual([]);
    expect(report.skippedNumbers).toBe(1);
  });

  it('still reports a change the log lost on a counter-numbered store, as a difference', () => {
    const report = replayChannel(
      'c1',
      events,
      { tasks: new Map(), messageIds: new Set(['m1', 'm2', 'm3', 'm4']) },
      'counter',
    );
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: 'difference',
        detail: 'message m3 is in the store but not in the log',
      }),
    ]);
  });
});
