import type { Channel, ChannelState, ImageEngineName, Member } from '@draw/shared';
import type { UserDoc, UsersRepository } from '../auth/repository';
import type { ChannelDoc, ChannelsRepository, MemberDoc } from './repository';

export const DEFAULT_AVATAR = '/discord256.png';

/** How channels and their members are shown: the answers' and the events' shapes. */
export function channelViews({
  repo,
  users,
  engines,
}: {
  repo: Pick<ChannelsRepository, 'members'>;
  users: Pick<UsersRepository, 'byId' | 'byIds'>;
  engines: readonly string[];
}) {
  /** `memberCount` when the caller already counted the members (the list does, for all channels at once). */
  const stateOf = async (doc: ChannelDoc, memberCount?: number): Promise<ChannelState> => ({
    id: doc._id,
    title: doc.title,
    isBan: doc.isBan,
    creatorId: doc.creatorId,
    memberCount: memberCount ?? (await repo.members.countIn(doc._id)),
    createdAt: doc.createdAt,
    // A default the site no longer enables is no default: its submits go to the site's.
    engine: doc.engine && engines.includes(doc.engine) ? (doc.engine as ImageEngineName) : null,
  });
  const viewOf = async (doc: ChannelDoc, userId: string, memberCount?: number): Promise<Channel> => ({
    ...(await stateOf(doc, memberCount)),
    isCreator: doc.creatorId === userId,
  });

  const viewOfMember = (member: MemberDoc, user: UserDoc | null | undefined, creatorId: string): Member => ({
    userId: member.userId,
    name: user?.name ?? '—',
    avatar: user?.avatar || DEFAULT_AVATAR,
    isCreator: member.userId === creatorId,
    joinedAt: member.joinedAt,
  });

  async function memberView(member: MemberDoc, creatorId: string): Promise<Member> {
    return viewOfMember(member, await users.byId(member.userId), creatorId);
  }

  /** Several members' views with their users read in one statement, whatever the channel's size. */
  async function memberViews(members: readonly MemberDoc[], creatorId: string): Promise<Member[]> {
    const people = new Map((await users.byIds(members.map((m) => m.userId))).map((user) => [user._id, user]));
    return members.map((member) => viewOfMember(member, people.get(member.userId), creatorId));
  }

  return { stateOf, viewOf, viewOfMember, memberView, memberViews };
}
