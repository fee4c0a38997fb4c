import { ErrorReason } from '@draw/shared';
import { AppError } from '../../errors';
import { freezeDeep } from '../../http/kept-json';
import { stampedCache } from '../../storage/stamped-cache';
import type { ChannelDoc, ChannelsRepository } from './repository';
import { notFound } from './rules';

/**
 * Who may reach a channel: live, a member, the creator, not banned; and who its members are.
 *
 * Every channel route asks first (a submit, a post, a page of messages), so a live channel and a
 * membership are kept while no channel or membership has been written, by this process or another
 * (`stampedCache`, as the channel list): a removal, a deletion or a ban is seen by the very next
 * call. A kept channel is frozen, so no caller can change it under another. Only what was found is
 * kept: a refusal is read again each time.
 */
export function channelAccess(
  repo: Pick<ChannelsRepository, 'channels' | 'members' | 'bans' | 'channelsOrMembersChanged'>,
) {
  const live = stampedCache<ChannelDoc>(repo.channelsOrMembersChanged);
  const memberships = stampedCache<ChannelDoc>(repo.channelsOrMembersChanged);
  // Entries are kept without an expiry (only a write makes one stale): the time given is not read.
  const ALWAYS = 0;

  async function liveChannel(channelId: string): Promise<ChannelDoc> {
    const kept = live.get(channelId, ALWAYS);
    if (kept) return kept;
    const stamp = live.stamp();
    const doc = await repo.channels.byId(channelId);
    if (!doc || doc.deletedAt) throw notFound();
    if (stamp !== null) {
      freezeDeep(doc);
      live.put(stamp, channelId, doc);
    }
    return doc;
  }

  /** The channel, if the user is one of its members; a non-member learns nothing about it. */
  async function asMember(channelId: string, userId: string): Promise<ChannelDoc> {
    const key = `${channelId} ${userId}`;
    const kept = memberships.get(key, ALWAYS);
    if (kept) return kept;
    const stamp = memberships.stamp();
    const doc = await liveChannel(channelId);
    const member = await repo.members.of(channelId, userId);
    if (!member) throw new AppError(ErrorReason.Forbidden, 'channel.notMember');
    memberships.put(stamp, key, doc);
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
