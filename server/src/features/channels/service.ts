import { randomBytes, randomUUID } from 'node:crypto';
import {
  ErrorReason,
  Limits,
  type BanRequest,
  type Channel,
  type ChannelBan,
  type ChannelDetail,
  type ChannelRequest,
  type InviteCodeRequest,
  type InviteInfo,
  type Language,
  type PublicInvite,
} from '@draw/shared';
import { AppError } from '../../errors';
import { keptAnswer } from '../../http/kept-json';
import type { ChannelHub } from '../../realtime/hub';
import { stampedCache } from '../../storage/stamped-cache';
import type { SignedIn } from '../auth/identity';
import type { UsersRepository } from '../auth/repository';
import { formatInviteExpiry } from './format';
import {
  bannedError,
  notFound,
  tooManyJoined,
  tooManyOwned,
  validateBanReason,
  validateEngine,
  validateTitle,
} from './rules';
import { DEFAULT_AVATAR, channelViews } from './views';
import { channelAccess } from './access';
import {
  memberId,
  type BanDoc,
  type ChannelDoc,
  type ChannelsRepository,
  type InviteDoc,
  type MemberDoc,
} from './repository';

const HOUR_MS = 3600_000;
/**
 * A profile change is told to every channel of the person's in runs of this many events, the
 * event loop free between runs: each event is a commit of its own (a disk flush, some ms on a
 * slow disk), and a person in 2,000 channels held every other request for 10 s when they all went
 * in one turn (scripts/bench/many-channels.ts). Ten keeps a run's hold to tens of ms.
 */
export const PROFILE_FANOUT_CHUNK = 10;

export interface ChannelsDeps {
  repo: ChannelsRepository;
  users: UsersRepository;
  hub: ChannelHub;
  now: () => number;
  /** The enabled engines (a channel's default must be one); the site's default first. */
  engines: readonly string[];
}

export { validateBanReason, validateTitle } from './rules';

export interface Reader {
  language: Language;
  timeZone: string;
}

/** Lets the event loop run whatever waits (other requests, socket frames) before going on. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Told that a person is no longer a member (removed, banned or left); awaited before the answer. */
export type MemberRemovedListener = (channelId: string, userId: string) => Promise<void>;

export function channelsService({ repo, users, hub, now, engines }: ChannelsDeps) {
  const memberRemovedListeners: MemberRemovedListener[] = [];
  const memberRemoved = async (channelId: string, userId: string) => {
    for (const listener of memberRemovedListeners) await listener(channelId, userId);
  };
  const { stateOf, viewOf, viewOfMember, memberView, memberViews } = channelViews({ repo, users, engines });
  const { liveChannel, asMember, asCreator, memberIds, isBanned } = channelAccess(repo);

  /**
   * Refuses a person who is in as many channels as one may be (and, when creating, who created as
   * many as one may own). `stored` is 1 when the new membership (and channel) is already written:
   * checked again then, so of two requests racing past the first check at least one sees the other.
   */
  async function checkBudget(userId: string, creating: boolean, stored: 0 | 1): Promise<void> {
    const joined = await repo.members.channelIdsOf(userId);
    if (joined.length - stored >= Limits.channelMembershipsMax) throw tooManyJoined();
    if (creating && (await repo.channels.ownedAmong(userId, joined)) - stored >= Limits.channelsOwnedMax)
      throw tooManyOwned();
  }

  /** Runs `check`; when it refuses, `undo` takes back what was written first. */
  async function orUndo(check: Promise<void>, undo: () => Promise<unknown>): Promise<void> {
    try {
      await check;
    } catch (error) {
      await undo();
      throw error;
    }
  }

  async function currentInvite(channelId: string): Promise<InviteDoc | null> {
    return repo.invites.current(channelId);
  }

  async function newInvite(channelId: string, userId: string, expireHours: number): Promise<InviteDoc> {
    const current = await currentInvite(channelId);
    if (current) await repo.invites.replace(current._id, now());
    return repo.invites.create({
      _id: randomBytes(9).toString('base64url'),
      channelId,
      createdBy: userId,
      createdAt: now(),
      expiresAt: expireHours === -1 ? null : now() + expireHours * HOUR_MS,
    });
  }

  /**
   * Takes a member out: their other members see `member.removed`, their own channel list drops
   * the channel (`channels:changed`), and their sockets leave the room at once.
   */
  async function expel(channel: ChannelDoc, member: MemberDoc): Promise<void> {
    const view = await memberView(member, channel.creatorId);
    await repo.departures.record(channel._id, member.userId, channel.title, now());
    await repo.members.drop(member._id);
    await hub.publish(channel._id, 'member.removed', view, { alsoTo: [member.userId] });
    hub.evict(channel._id, member.userId);
    await memberRemoved(channel._id, member.userId);
  }

  const lists = stampedCache<Channel[]>(repo.channelsOrMembersChanged);

  async function readList(userId: string): Promise<Channel[]> {
    const channelIds = await repo.members.channelIdsOf(userId);
    const channels = await repo.channels.byIds(channelIds);
    const byId = new Map(channels.filter((c) => !c.deletedAt).map((c) => [c._id, c]));
    const ordered = channelIds.map((id) => byId.get(id)).filter((c): c is ChannelDoc => Boolean(c));
    // One grouped count for every listed channel, reading no member document: per-channel
    // counts grew with the number of channels, member documents with their size (bench: rest).
    const memberCounts = await repo.members.countsOf(ordered.map((c) => c._id));
    return Promise.all(ordered.map((doc) => viewOf(doc, userId, memberCounts.get(doc._id) ?? 0)));
  }

  const isUsable = (invite: InviteDoc | null): invite is InviteDoc =>
    Boolean(invite && !invite.replacedAt && (invite.expiresAt === null || invite.expiresAt > now()));

  return {
    asMember,

    /**
     * Someone who is no longer a member keeps nothing going in the channel (the tasks feature
     * cancels their unfinished tasks): the channel cannot depend on tasks, which depend on it.
     */
    onMemberRemoved(listener: MemberRemovedListener): void {
      memberRemovedListeners.push(listener);
    },

    /**
     * A person's channels, kept between calls while no channel or membership was written (by this
     * process or another): the list is read on every page load and every channel change, and its
     * three statements were most of its cost (bench: rest).
     */
    async list(userId: string): Promise<Channel[]> {
      const kept = lists.get(userId, now());
      if (kept) return kept;
      const stamp = lists.stamp();
      const channels = await readList(userId);
      if (stamp === null) return channels; // Nothing is kept (MongoDB): nothing to freeze.
      // Kept: frozen, and turned into JSON once for all the requests it answers.
      lists.put(stamp, userId, keptAnswer(channels));
      return channels;
    },

    async create(userId: string, request: ChannelRequest): Promise<Channel> {
      const title = validateTitle(request.title);
      const engine = validateEngine(request.engine ?? null, engines);
      await checkBudget(userId, true, 0);
      const at = now();
      const doc = await repo.channels.create({
        _id: randomUUID(),
        title,
        isBan: request.isBan,
        ...(engine ? { engine } : {}),
        ...(request.membersMayShare ? { membersMayShare: true } : {}),
        creatorId: userId,
        createdAt: at,
        updatedAt: at,
      });
      const member = await repo.members.add({
        _id: memberId(doc._id, userId),
        channelId: doc._id,
        userId,
        joinedAt: at,
      });
      // Nobody has heard of the channel yet: taking it back leaves no trace.
      await orUndo(checkBudget(userId, true, 1), async () => {
        await repo.members.drop(member._id);
        await repo.channels.drop(doc._id);
      });
      return viewOf(doc, userId);
    },

    async update(userId: string, channelId: string, request: ChannelRequest): Promise<Channel> {
      await asCreator(channelId, userId);
      const title = validateTitle(request.title);
      // Absent: the default stays as it is (a client that only renames does not clear it).
      const engine = request.engine === undefined ? {} : { engine: validateEngine(request.engine, engines) };
      const doc = await repo.channels.setFields(channelId, {
        title,
        isBan: request.isBan,
        ...engine,
        ...(request.membersMayShare === undefined ? {} : { membersMayShare: request.membersMayShare }),
        updatedAt: now(),
      });
      if (!doc) throw notFound();
      await hub.publish(channelId, 'channel.updated', await stateOf(doc), {
        alsoTo: await memberIds(channelId),
      });
      return viewOf(doc, userId);
    },

    async detail(userId: string, channelId: string): Promise<ChannelDetail> {
      const doc = await asMember(channelId, userId);
      const members = await repo.members.inJoinOrder(channelId);
      return {
        ...(await viewOf(doc, userId, members.length)),
        members: await memberViews(members, doc.creatorId),
        seq: await hub.currentSeq(channelId),
      };
    },

    async remove(userId: string, channelId: string): Promise<void> {
      const doc = await asCreator(channelId, userId);
      const state = await stateOf(doc);
      const members = await memberIds(channelId);
      await repo.channels.markDeleted(channelId, now());
      await hub.publish(channelId, 'channel.deleted', state, { alsoTo: members });
      await repo.members.dropAllOf(channelId);
      await repo.invites.replaceAllOf(channelId, now());
      hub.close(channelId);
    },

    async invite(
      userId: string,
      channelId: string,
      request: InviteCodeRequest,
      reader: Reader,
    ): Promise<InviteInfo> {
      await asCreator(channelId, userId);
      let invite = await currentInvite(channelId);
      if ('isNew' in request && request.isNew)
        invite = await newInvite(channelId, userId, request.expireHours);
      else if ('expireHours' in request) {
        const hours = request.expireHours;
        // An expired code stays dead (decisions: it no longer joins): a new expiry gets a new code.
        if (!isUsable(invite)) invite = await newInvite(channelId, userId, hours);
        else {
          const expiresAt = hours === -1 ? null : now() + hours * HOUR_MS;
          invite = (await repo.invites.setExpiry(invite._id, expiresAt))!;
        }
      } else if (!isUsable(invite)) invite = await newInvite(channelId, userId, -1);
      return {
        inviteCode: invite._id,
        expireAt: invite.expiresAt,
        inviteExpireTimeFormat: formatInviteExpiry(invite.expiresAt, reader.language, reader.timeZone),
      };
    },

    async publicInvite(code: string, userId: string | null): Promise<PublicInvite> {
      const invite = await repo.invites.byCode(code);
      const channel = invite ? await repo.channels.byId(invite.channelId) : null;
      if (!isUsable(invite) || !channel || channel.deletedAt) {
        return { valid: false, title: '', creatorName: '', memberCount: 0, channelId: null, banned: false };
      }
      const creator = await users.byId(channel.creatorId);
      const isMember = userId ? Boolean(await repo.members.of(channel._id, userId)) : false;
      return {
        valid: true,
        title: channel.title,
        creatorName: creator?.name ?? '—',
        memberCount: await repo.members.countIn(channel._id),
        channelId: isMember ? channel._id : null,
        banned: userId && !isMember ? await isBanned(channel._id, userId) : false,
      };
    },

    async join(userId: string, codeOrId: string): Promise<Channel> {
      const invite = await repo.invites.byCode(codeOrId);
      if (!invite) {
        // Joining by id is allowed only for channels the user already belongs to (harmless re-join).
        const doc = await repo.channels.byId(codeOrId);
        if (doc && !doc.deletedAt && (await repo.members.of(doc._id, userId))) return viewOf(doc, userId);
        throw new AppError(ErrorReason.NotFound, 'invite.unknown');
      }
      if (!isUsable(invite)) throw new AppError(ErrorReason.Gone, 'invite.expired');
      const channel = await liveChannel(invite.channelId).catch(() => {
        throw new AppError(ErrorReason.Gone, 'invite.expired');
      });
      const id = memberId(channel._id, userId);
      if (await repo.members.of(channel._id, userId)) return viewOf(channel, userId);
      if (await isBanned(channel._id, userId)) throw bannedError();
      await checkBudget(userId, false, 0);
      const member = { _id: id, channelId: channel._id, userId, joinedAt: now() };
      try {
        await repo.members.add(member);
      } catch (error) {
        if ((error as AppError).reason === ErrorReason.Conflict) return viewOf(channel, userId);
        throw error;
      }
      await orUndo(checkBudget(userId, false, 1), () => repo.members.drop(id));
      // A ban stored while this join ran (see `ban`): undo the membership nobody has heard of yet.
      if (await isBanned(channel._id, userId)) {
        await repo.members.drop(id);
        throw bannedError();
      }
      // The joiner's other tabs add the channel to their list.
      await hub.publish(channel._id, 'member.joined', await memberView(member, channel.creatorId), {
        alsoTo: [userId],
      });
      return viewOf(channel, userId);
    },

    /**
     * A member's new name or avatar, told to every channel they are in (member lists, message
     * authors): the person is read once, and the events go out `PROFILE_FANOUT_CHUNK` at a time
     * with the event loop free in between, so other people's requests are not held meanwhile.
     */
    async announceProfile(userId: string): Promise<void> {
      const [memberships, user] = await Promise.all([repo.members.ofUser(userId), users.byId(userId)]);
      const channels = await repo.channels.liveByIds(memberships.map((m) => m.channelId));
      const byId = new Map(channels.map((c) => [c._id, c]));
      const told = memberships.filter((member) => byId.has(member.channelId));
      for (let from = 0; from < told.length; from += PROFILE_FANOUT_CHUNK) {
        if (from > 0) await yieldToEventLoop();
        // A chunk's events go to different channels: stored together, they share one commit.
        await Promise.all(
          told
            .slice(from, from + PROFILE_FANOUT_CHUNK)
            .map((member) =>
              hub.publish(
                member.channelId,
                'member.updated',
                viewOfMember(member, user, byId.get(member.channelId)!.creatorId),
              ),
            ),
        );
      }
    },

    async quit(userId: string, channelId: string): Promise<void> {
      const doc = await asMember(channelId, userId);
      if (doc.creatorId === userId) throw new AppError(ErrorReason.Forbidden, 'channel.creatorCannotQuit');
      const member = (await repo.members.of(channelId, userId))!;
      const view = await memberView(member, doc.creatorId);
      await repo.departures.record(channelId, userId, doc.title, now());
      await repo.members.drop(member._id);
      await hub.publish(channelId, 'member.left', view, { alsoTo: [userId] });
      hub.evict(channelId, userId);
      await memberRemoved(channelId, userId);
    },

    async removeMember(userId: string, channelId: string, targetId: string): Promise<void> {
      const doc = await asCreator(channelId, userId);
      if (targetId === doc.creatorId)
        throw new AppError(ErrorReason.Forbidden, 'channel.cannotRemoveCreator');
      const member = await repo.members.of(channelId, targetId);
      if (!member) throw new AppError(ErrorReason.NotFound, 'channel.noSuchMember');
      await expel(doc, member);
    },

    /**
     * Keeps a user out of the channel until unbanned, removing them if they are in. Any existing
     * user may be banned, so someone who left just before cannot come back; banning twice keeps
     * the first record.
     */
    async ban(userId: string, channelId: string, request: BanRequest): Promise<void> {
      const doc = await asCreator(channelId, userId);
      const targetId = request.userId;
      if (targetId === doc.creatorId) throw new AppError(ErrorReason.Forbidden, 'channel.cannotBanCreator');
      const reason = validateBanReason(request.reason);
      if (!(await users.byId(targetId))) throw new AppError(ErrorReason.NotFound, 'channel.noSuchUser');
      const ban: BanDoc = {
        _id: memberId(channelId, targetId),
        channelId,
        userId: targetId,
        bannedBy: userId,
        bannedAt: now(),
        ...(reason ? { reason } : {}),
      };
      try {
        // Stored before the membership is read, while a join stores the membership before it reads
        // the ban: of a ban and a join that race, at least one sees the other.
        await repo.bans.add(ban);
      } catch (error) {
        if ((error as AppError).reason !== ErrorReason.Conflict) throw error;
      }
      const member = await repo.members.of(channelId, targetId);
      if (member) await expel(doc, member);
    },

    async unban(userId: string, channelId: string, targetId: string): Promise<void> {
      await asCreator(channelId, userId);
      const { deleted } = await repo.bans.lift(channelId, targetId);
      if (!deleted) throw new AppError(ErrorReason.NotFound, 'channel.notBanned');
    },

    async bans(userId: string, channelId: string): Promise<ChannelBan[]> {
      await asCreator(channelId, userId);
      const docs = await repo.bans.inChannel(channelId);
      const people = await users.byIds(docs.map((d) => d.userId));
      const byId = new Map(people.map((user) => [user._id, user]));
      return docs.map((doc) => ({
        userId: doc.userId,
        name: byId.get(doc.userId)?.name ?? '—',
        avatar: byId.get(doc.userId)?.avatar || DEFAULT_AVATAR,
        bannedBy: doc.bannedBy,
        bannedAt: doc.bannedAt,
        reason: doc.reason ?? null,
      }));
    },

    /** Whether the user may watch the channel's live feed. */
    async canSubscribe(userId: string, channelId: string): Promise<boolean> {
      const doc = await repo.channels.byId(channelId);
      if (!doc || doc.deletedAt) return false;
      return Boolean(await repo.members.of(channelId, userId));
    },

    /** Members may post; under 全员禁言 only the creator and site admins. */
    async assertCanPost(user: SignedIn, channelId: string): Promise<ChannelDoc> {
      const doc = await asMember(channelId, user._id);
      if (doc.isBan && doc.creatorId !== user._id && !user.isAdmin)
        throw new AppError(ErrorReason.ChannelMuted, 'channel.muted');
      return doc;
    },
  };
}
export type ChannelsService = ReturnType<typeof channelsService>;
