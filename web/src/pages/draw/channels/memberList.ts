import type { ChannelDetail, ChannelEvent, Member } from '@draw/shared';

/**
 * The open channel's members, kept from a REST baseline (`ChannelDetail`, which carries the seq
 * it is as of) plus the live `member.*` events. The events applied since the baseline are kept,
 * so a REST answer that arrives after newer events still ends up with them.
 */
export type MemberEvent = Extract<
  ChannelEvent,
  { type: 'member.joined' | 'member.left' | 'member.removed' | 'member.updated' }
>;

export interface MemberListState {
  channelId: string;
  members: Member[];
  /** The seq of the REST baseline, `null` before it came. */
  baseSeq: number | null;
  /** Member events applied after the baseline (or before it came), oldest first. */
  applied: MemberEvent[];
  status: 'loading' | 'ready' | 'error';
}

export function emptyMemberList(channelId: string): MemberListState {
  return { channelId, members: [], baseSeq: null, applied: [], status: 'loading' };
}

export function isMemberEvent(event: ChannelEvent): event is MemberEvent {
  return (
    event.type === 'member.joined' ||
    event.type === 'member.left' ||
    event.type === 'member.removed' ||
    event.type === 'member.updated'
  );
}

/** The creator first, then by join time (then name, for a stable order). */
export function sortMembers(members: readonly Member[]): Member[] {
  return [...members].sort(
    (a, b) =>
      Number(b.isCreator) - Number(a.isCreator) || a.joinedAt - b.joinedAt || a.name.localeCompare(b.name),
  );
}

function change(members: readonly Member[], event: MemberEvent): Member[] {
  if (event.type === 'member.updated') {
    // A new name or avatar: only someone still listed changes (a later join brings its own).
    const { userId, name, avatar } = event.data;
    return members.map((member) => (member.userId === userId ? { ...member, name, avatar } : member));
  }
  const others = members.filter((member) => member.userId !== event.data.userId);
  return event.type === 'member.joined' ? sortMembers([...others, event.data]) : others;
}

export function applyMemberEvent(state: MemberListState, event: MemberEvent): MemberListState {
  if (event.channelId !== state.channelId) return state;
  if (state.baseSeq !== null && event.seq <= state.baseSeq) return state;
  if (state.applied.some((seen) => seen.seq === event.seq)) return state;
  return { ...state, members: change(state.members, event), applied: [...state.applied, event] };
}

export function receiveDetail(
  state: MemberListState,
  detail: Pick<ChannelDetail, 'id' | 'members' | 'seq'>,
): MemberListState {
  if (detail.id !== state.channelId) return state;
  // An answer older than one we already have adds nothing.
  if (state.baseSeq !== null && detail.seq < state.baseSeq) return state;
  const newer = state.applied.filter((event) => event.seq > detail.seq).sort((a, b) => a.seq - b.seq);
  const members = newer.reduce(change, sortMembers(detail.members));
  return { ...state, members, baseSeq: detail.seq, applied: newer, status: 'ready' };
}
