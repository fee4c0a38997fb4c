import { ErrorReason } from '@draw/shared';
import { AppError } from '../../errors';
import type { ChannelDoc, ChannelsRepository } from './repository';
import { notFound } from './rules';

/** Who may reach a channel: live, a member, the creator, not banned; and who its members are. */
export function channelAccess(repo: Pick<ChannelsRepository, 'channels' | 'members' | 'bans'>) {
  async function liveChannel(channelId: string): Promise<ChannelDoc> {
    const doc = await repo.channels.byId(channelId);
    if (!doc || doc.deletedAt) throw notFound();
    return doc;
  }

  /** The channel, if the user is one of its members; a non-member learns nothing about it. */
  async function asMember(channelId: string, userId: string): Promise<ChannelDoc> {
    const doc = await liveChannel(channelId);
    const member = await repo.members.of(channelId, userId);
    if (!member) throw new AppError(ErrorReason.Forbidden, 'channel.notMember');
    return doc;
  }

  async function asCreator(channelId: string, userId: string): Promise<ChannelDoc> {
    const doc = await asMember(channelId, userId);
    if (doc.creatorId !== userId) throw new AppError(ErrorReason.Forbidden, 'channel.creatorOnly');
    return doc;
  }

  /** Every member's user id: who gets a change to the channel's place in their list. */
  const memberIds = (channelId: string): Promise<string[]> => repo.members.userIdsIn(channelId);

  const isBanned = async (channelId: string, userId: string) =>
    Boolean(await repo.bans.of(channelId, userId));

  return { liveChannel, asMember, asCreator, memberIds, isBanned };
}
