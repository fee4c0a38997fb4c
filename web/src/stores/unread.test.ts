import { afterEach, describe, expect, it } from 'vitest';
import {
  applyActivity,
  applyNotify,
  applyRead,
  badgeText,
  noteSeq,
  resetUnread,
  setChannelUnread,
  setUnread,
  totalMentions,
  totalUnread,
  unreadStore,
} from './unread';

afterEach(resetUnread);
const entry = (id: string) => unreadStore.byChannel[id];

describe('unread counts', () => {
  it('counts each new message by someone else once, and none that is already read', () => {
    setUnread([{ channelId: 'c1', unread: 1, lastReadSeq: 4, seq: 5, mentions: 0, notify: 'all' }]);
    applyActivity({ channelId: 'c1', seq: 7, authorId: 'bob', kind: 'message', mentionsMe: false });
    applyActivity({ channelId: 'c1', seq: 7, authorId: 'bob', kind: 'message', mentionsMe: false });
    applyActivity({ channelId: 'c1', seq: 3, authorId: 'bob', kind: 'message', mentionsMe: false });
    expect(entry('c1')).toMatchObject({ unread: 2, lastReadSeq: 4, seq: 7 });
    applyActivity({ channelId: 'c9', seq: 2, authorId: 'bob', kind: 'message', mentionsMe: false });
    expect(entry('c9')?.unread).toBe(1);
    expect(totalUnread(unreadStore.byChannel, ['c1', 'c9'])).toBe(3);
    expect(totalUnread(unreadStore.byChannel, ['c1'])).toBe(2);
  });

  it('clears on a read mark from another device, and asks for a reload when messages came after it', () => {
    setUnread([{ channelId: 'c1', unread: 2, lastReadSeq: 0, seq: 9, mentions: 0, notify: 'all' }]);
    expect(applyRead({ channelId: 'c1', lastReadSeq: 9 })).toBe(true);
    expect(entry('c1')).toMatchObject({ unread: 0, lastReadSeq: 9, seq: 9 });
    applyActivity({ channelId: 'c1', seq: 12, authorId: 'bob', kind: 'message', mentionsMe: false });
    expect(applyRead({ channelId: 'c1', lastReadSeq: 10 })).toBe(false);
    expect(entry('c1')?.unread).toBe(1);
  });

  it("keeps a message heard while the server's answer was on its way", () => {
    setUnread([{ channelId: 'c1', unread: 0, lastReadSeq: 5, seq: 5, mentions: 0, notify: 'all' }]);
    applyActivity({ channelId: 'c1', seq: 6, authorId: 'bob', kind: 'message', mentionsMe: false });
    setUnread([{ channelId: 'c1', unread: 0, lastReadSeq: 5, seq: 5, mentions: 0, notify: 'all' }]);
    expect(entry('c1')?.unread).toBe(1);
    applyActivity({ channelId: 'c1', seq: 8, authorId: 'bob', kind: 'message', mentionsMe: false });
    setChannelUnread({ channelId: 'c1', unread: 0, lastReadSeq: 6, seq: 6, mentions: 0, notify: 'all' });
    expect(entry('c1')).toMatchObject({ unread: 2, lastReadSeq: 6, seq: 8 });
  });

  it('counts a post in the open channel whose event came before its notice', () => {
    setUnread([{ channelId: 'c1', unread: 0, lastReadSeq: 5, seq: 5, mentions: 0, notify: 'all' }]);
    noteSeq('c1', 6);
    applyActivity({ channelId: 'c1', seq: 6, authorId: 'bob', kind: 'message', mentionsMe: false });
    expect(entry('c1')).toMatchObject({ unread: 1, seq: 6 });
    // The person's own post moves only the seq a read would mark.
    noteSeq('c1', 7);
    expect(entry('c1')).toMatchObject({ unread: 1, seq: 7 });
  });

  it('counts mentions apart (the red count): a ping adds to both, my own result to mentions only; reading clears both', () => {
    setUnread([{ channelId: 'c1', unread: 0, lastReadSeq: 5, seq: 5, mentions: 0, notify: 'all' }]);
    applyActivity({ channelId: 'c1', seq: 6, authorId: 'bob', kind: 'message', mentionsMe: true });
    applyActivity({
      channelId: 'c1',
      seq: 7,
      authorId: 'me',
      kind: 'result',
      mentionsMe: true,
      taskId: 't1',
    });
    applyActivity({ channelId: 'c1', seq: 8, authorId: 'bob', kind: 'message', mentionsMe: false });
    expect(entry('c1')).toMatchObject({ unread: 2, mentions: 2 });
    expect(totalMentions(unreadStore.byChannel, ['c1'])).toBe(2);
    expect(applyRead({ channelId: 'c1', lastReadSeq: 8 })).toBe(true);
    expect(entry('c1')).toMatchObject({ unread: 0, mentions: 0 });
    applyNotify({ channelId: 'c1', notify: 'none' });
    expect(entry('c1')?.notify).toBe('none');
  });

  it('shows 99+ past 99', () => {
    expect([1, 99, 100].map(badgeText)).toEqual(['1', '99', '99+']);
  });
});
