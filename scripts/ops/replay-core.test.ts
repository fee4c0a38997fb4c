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

describe('replay: conversation events (protocol v2)', () => {
  const edited = (seq: number, id: string, editedAt: number) =>
    ({
      channelId: 'c1',
      seq,
      type: 'message.updated',
      at: seq,
      data: { id, channelId: 'c1', content: 'edited', editedAt, mentions: { userIds: [], everyone: false } },
    }) as ChannelEvent;
  const reacted = (seq: number, id: string, emoji: string, userId: string, added: boolean, count: number) =>
    ({
      channelId: 'c1',
      seq,
      type: 'message.reactions',
      at: seq,
      data: { id, channelId: 'c1', emoji, userId, added, count },
    }) as ChannelEvent;
  const events = [
    created(1, 'm1'),
    edited(2, 'm1', 20),
    reacted(3, 'm1', '👍', 'u1', true, 1),
    reacted(4, 'm1', '🔥', 'u2', true, 1),
    reacted(5, 'm1', '👍', 'u2', true, 2),
    reacted(6, 'm1', '🔥', 'u2', false, 0),
  ];

  it('applies edits and reactions and finds the store agreeing', () => {
    const report = replayChannel('c1', events, {
      tasks: new Map(),
      messageIds: new Set(['m1']),
      messages: new Map([['m1', { editedAt: 20, reactions: [{ emoji: '👍', count: 2 }] }]]),
    });
    expect(report.problems).toEqual([]);
  });

  it('reports an edit or a reaction the store does not have, and one for a message never posted', () => {
    const report = replayChannel('c1', [...events, edited(7, 'm9', 70)], {
      tasks: new Map(),
      messageIds: new Set(['m1']),
      messages: new Map([['m1', { editedAt: null, reactions: [] }]]),
    });
    expect(report.problems.map((p) => [p.kind, p.detail])).toEqual([
      ['unknown-message', 'an edit for message m9, not posted (or deleted) before'],
      ['difference', 'message m1.editedAt: log 20 ≠ store null'],
      ['difference', 'message m1.reactions: log 👍×2 ≠ store none'],
    ]);
  });
});
