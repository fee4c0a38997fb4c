import { describe, expect, it } from 'vitest';
import { channelEvent, makeChannel, memberEvent, messageEvent } from './fixtures';
import { LeaveReason, applyEventToList, pickChannelId } from './list';

const channels = [makeChannel('a'), makeChannel('b', { isCreator: true }), makeChannel('c')];

describe('pickChannelId', () => {
  it('takes the route uuid when it is in the list', () => {
    expect(pickChannelId(channels, 'b', 'c')).toBe('b');
  });

  it('otherwise keeps the current channel, otherwise the first', () => {
    expect(pickChannelId(channels, 'zzz', 'c')).toBe('c');
    expect(pickChannelId(channels, null, 'gone')).toBe('a');
    expect(pickChannelId(channels, null, null)).toBe('a');
  });

  it('has nothing to pick in an empty list', () => {
    expect(pickChannelId([], 'a', 'a')).toBeNull();
  });
});

describe('applyEventToList', () => {
  it('updates the entry on channel.updated, keeping isCreator', () => {
    const renamed = makeChannel('b', { title: 'Renamed', isBan: true, isCreator: false });
    const { channels: next, leave } = applyEventToList(
      channels,
      channelEvent(5, 'channel.updated', renamed),
      'me',
    );
    expect(leave).toBeNull();
    expect(next[1]).toEqual({ ...renamed, isCreator: true });
    expect(next[0]).toBe(channels[0]);
  });

  it('counts members joining and leaving', () => {
    const joined = applyEventToList(channels, memberEvent(1, 'member.joined', 'x', 'a'), 'me').channels;
    expect(joined[0]?.memberCount).toBe(4);
    const left = applyEventToList(joined, memberEvent(2, 'member.left', 'x', 'a'), 'me').channels;
    const removed = applyEventToList(left, memberEvent(3, 'member.removed', 'y', 'a'), 'me').channels;
    expect(removed[0]?.memberCount).toBe(2);
  });

  it('reports that the user loses the channel', () => {
    expect(applyEventToList(channels, channelEvent(1, 'channel.deleted', makeChannel('a')), 'me').leave).toBe(
      LeaveReason.Deleted,
    );
    expect(applyEventToList(channels, memberEvent(1, 'member.removed', 'me'), 'me').leave).toBe(
      LeaveReason.Removed,
    );
    expect(applyEventToList(channels, memberEvent(1, 'member.left', 'me'), 'me').leave).toBe(
      LeaveReason.Left,
    );
  });

  it('leaves the list alone for messages and tasks', () => {
    expect(applyEventToList(channels, messageEvent(1), 'me')).toEqual({ channels, leave: null });
  });
});
