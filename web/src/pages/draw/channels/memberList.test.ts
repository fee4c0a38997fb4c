import { memberEvent } from '@draw/machines/channel/fixtures';
import type { Member } from '@draw/shared';
import { describe, expect, it } from 'vitest';
import {
  applyMemberEvent,
  emptyMemberList,
  isMemberEvent,
  receiveDetail,
  type MemberEvent,
} from './memberList';

const member = (userId: string, joinedAt: number, isCreator = false): Member => ({
  userId,
  name: userId,
  avatar: '',
  isCreator,
  joinedAt,
});
const ev = (seq: number, type: Exclude<MemberEvent['type'], 'member.updated'>, userId: string) =>
  memberEvent(seq, type, userId, 'c') as MemberEvent;
const ids = (state: { members: Member[] }) => state.members.map((m) => m.userId);

describe('member list', () => {
  it('takes the REST list with the creator first, then by join time', () => {
    const state = receiveDetail(emptyMemberList('c'), {
      id: 'c',
      seq: 3,
      members: [member('b', 5), member('a', 9, true), member('x', 2)],
    });
    expect(ids(state)).toEqual(['a', 'x', 'b']);
    expect(state.status).toBe('ready');
  });

  it('applies joins and departures after the baseline, once each', () => {
    let state = receiveDetail(emptyMemberList('c'), { id: 'c', seq: 3, members: [member('a', 1, true)] });
    state = applyMemberEvent(state, ev(4, 'member.joined', 'bob'));
    state = applyMemberEvent(state, ev(4, 'member.joined', 'bob'));
    state = applyMemberEvent(state, ev(2, 'member.left', 'a')); // before the baseline: already in it
    expect(ids(state)).toEqual(['a', 'bob']);
    state = applyMemberEvent(state, ev(5, 'member.removed', 'bob'));
    expect(ids(state)).toEqual(['a']);
  });

  it('shows a member’s new name and avatar live, keeping their place', () => {
    let state = receiveDetail(emptyMemberList('c'), {
      id: 'c',
      seq: 3,
      members: [member('a', 1, true), member('bob', 2)],
    });
    const renamed: MemberEvent = {
      channelId: 'c',
      seq: 4,
      type: 'member.updated',
      at: 0,
      data: { ...member('bob', 2), name: 'Bobby', avatar: '/files/b.png' },
    };
    state = applyMemberEvent(state, renamed);
    expect(state.members.map((m) => [m.userId, m.name, m.avatar])).toEqual([
      ['a', 'a', ''],
      ['bob', 'Bobby', '/files/b.png'],
    ]);
    // Someone no longer listed is not brought back by an update.
    const gone: MemberEvent = { ...renamed, seq: 5, data: { ...member('cy', 3), name: 'Cy' } };
    expect(ids(applyMemberEvent(state, gone))).toEqual(['a', 'bob']);
  });

  it('keeps events that came before a slower REST answer', () => {
    let state = receiveDetail(emptyMemberList('c'), { id: 'c', seq: 3, members: [member('a', 1, true)] });
    state = applyMemberEvent(state, ev(4, 'member.joined', 'bob'));
    state = applyMemberEvent(state, ev(5, 'member.joined', 'cy'));
    // A reload answers as of seq 4: bob is in it, cy is not yet.
    state = receiveDetail(state, { id: 'c', seq: 4, members: [member('a', 1, true), member('bob', 1_000)] });
    expect(ids(state)).toEqual(['a', 'bob', 'cy']);
    // An answer older than the baseline changes nothing.
    expect(receiveDetail(state, { id: 'c', seq: 1, members: [] })).toBe(state);
  });

  it('ignores other channels and other event types', () => {
    const state = emptyMemberList('c');
    expect(applyMemberEvent(state, memberEvent(1, 'member.joined', 'z', 'other') as MemberEvent)).toBe(state);
    expect(receiveDetail(state, { id: 'other', seq: 1, members: [] })).toBe(state);
    expect(isMemberEvent(memberEvent(1, 'member.left', 'z'))).toBe(true);
  });
});
