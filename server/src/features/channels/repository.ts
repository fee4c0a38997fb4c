import { Limits } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';

export interface ChannelDoc extends BaseDoc {
  title: string;
  isBan: boolean;
  creatorId: string;
  createdAt: number;
  updatedAt: number;
  /** The channel's default engine, set by its creator; null or absent = the site's default. */
  engine?: string | null;
  /** Whether any member may make a public link to a result (set by the creator); absent = only its author. */
  membersMayShare?: boolean;
  /** Deleted channels stay for the event log and ops; nobody can see or join them. */
  deletedAt?: number;
}

export interface MemberDoc extends BaseDoc {
  /** `_id` is `<channelId>:<userId>`, so a user is a member at most once. */
  channelId: string;
  userId: string;
  joinedAt: number;
}

export interface InviteDoc extends BaseDoc {
  /** `_id` is the invite code. */
  channelId: string;
  createdBy: string;
  createdAt: number;
  /** Epoch ms, or null when the link never expires. */
  expiresAt: number | null;
  /** Set when a newer code replaced this one. */
  replacedAt?: number;
}

export interface BanDoc extends BaseDoc {
  /** `_id` is `<channelId>:<userId>`, like a membership: one ban per user and channel. */
  channelId: string;
  userId: string;
  bannedBy: string;
  bannedAt: number;
  reason?: string;
}

/**
 * A person's last departure from a channel (they left, were removed or banned): the title it had
 * then, which their archive shows for their images from it, so the channel's later renames do not
 * reach someone no longer in it.
 */
export interface DepartureDoc extends BaseDoc {
  /** `_id` is `<channelId>:<userId>`, like a membership: the latest departure overwrites the one before. */
  channelId: string;
  userId: string;
  title: string;
  leftAt: number;
}

const channelSchema = documentSchema({
  title: { type: String, required: true, maxlength: 64 },
  isBan: { type: Boolean, default: false },
  creatorId: { type: String, required: true, index: true },
  createdAt: { type: Number, required: true },
  updatedAt: { type: Number, required: true },
  engine: { type: String, default: null },
  membersMayShare: { type: Boolean, default: false },
  deletedAt: { type: Number },
} satisfies StoredFields<ChannelDoc>);

const memberSchema = documentSchema({
  channelId: { type: String, required: true },
  userId: { type: String, required: true },
  joinedAt: { type: Number, required: true },
} satisfies StoredFields<MemberDoc>);
memberSchema.index({ channelId: 1, userId: 1 }, { unique: true });
// A channel's members and a user's channels, each listed in the order they joined.
memberSchema.index({ channelId: 1, joinedAt: 1 });
memberSchema.index({ userId: 1, joinedAt: 1 });

const inviteSchema = documentSchema({
  channelId: { type: String, required: true },
  createdBy: { type: String, required: true },
  createdAt: { type: Number, required: true },
  expiresAt: { type: Number, default: null },
  replacedAt: { type: Number },
} satisfies StoredFields<InviteDoc>);
// A channel's current invite is its newest one.
inviteSchema.index({ channelId: 1, createdAt: -1 });

const banSchema = documentSchema({
  channelId: { type: String, required: true, index: true },
  userId: { type: String, required: true },
  bannedBy: { type: String, required: true },
  bannedAt: { type: Number, required: true },
  // Code units: the service counts up to `Limits.banReasonMaxChars` code points.
  reason: { type: String, maxlength: 2 * Limits.banReasonMaxChars },
} satisfies StoredFields<BanDoc>);
banSchema.index({ channelId: 1, userId: 1 }, { unique: true });

const departureSchema = documentSchema({
  channelId: { type: String, required: true },
  userId: { type: String, required: true },
  title: { type: String, required: true, maxlength: 64 },
  leftAt: { type: Number, required: true },
} satisfies StoredFields<DepartureDoc>);

export const Channels = defineCollection<ChannelDoc>('channels', channelSchema);
export const Members = defineCollection<MemberDoc>('members', memberSchema);
export const Invites = defineCollection<InviteDoc>('invites', inviteSchema);
export const Bans = defineCollection<BanDoc>('channel_bans', banSchema);
export const Departures = defineCollection<DepartureDoc>('channel_departures', departureSchema);

export const memberId = (channelId: string, userId: string) => `${channelId}:${userId}`;

export function channelsRepository(storage: Storage) {
  const channels = storage.collection(Channels);
  const members = storage.collection(Members);
  const invites = storage.collection(Invites);
  const bans = storage.collection(Bans);
  const departures = storage.collection(Departures);
  return {
    channels: {
      /** A channel by id, deleted or not. */
      byId: (id: string) => channels.findOne({ _id: id }),
      create: (doc: ChannelDoc) => channels.insertOne(doc),
      /** Takes back a channel nobody has heard of yet (a refused create). */
      drop: (id: string) => channels.deleteOne({ _id: id }),
      /** The channels of `ids`, deleted ones included (any order). */
      byIds: (ids: readonly string[]) => channels.find({ _id: { $in: ids } }),
      /** The channels of `ids` that are not deleted. */
      liveByIds: (ids: readonly string[]) =>
        channels.find({ _id: { $in: ids }, deletedAt: { $exists: false } }),
      /** Changes a channel's fields; the channel as written, or null when there is none. */
      setFields: (id: string, fields: Partial<Omit<ChannelDoc, '_id'>>) =>
        channels.findOneAndUpdate({ _id: id }, { $set: fields }),
      markDeleted: (id: string, at: number) =>
        channels.updateOne({ _id: id }, { $set: { deletedAt: at, updatedAt: at } }),
      /**
       * How many of these channels (a person's memberships) the person created and has not deleted:
       * read by primary key, so the count is bounded by their memberships, not by every channel
       * they ever created (a creator is a member of each live channel of theirs until deleting it).
       */
      ownedAmong: (userId: string, channelIds: readonly string[]) =>
        channelIds.length
          ? channels.count({ _id: { $in: channelIds }, creatorId: userId, deletedAt: { $exists: false } })
          : Promise.resolve(0),
    },
    members: {
      /** The person's membership of the channel, or null. */
      of: (channelId: string, userId: string) => members.findOne({ _id: memberId(channelId, userId) }),
      /** How many members a channel has. */
      countIn: (channelId: string) => members.count({ channelId }),
      /** The user ids of a channel's members (any order), reading no membership document. */
      userIdsIn: (channelId: string) => members.valuesOf({ channelId }, 'userId') as Promise<string[]>,
      /** A channel's members in the order they joined. */
      inJoinOrder: (channelId: string) => members.find({ channelId }, { sort: { joinedAt: 1 } }),
      /** A user's memberships (any order). */
      ofUser: (userId: string) => members.find({ userId }),
      add: (doc: MemberDoc) => members.insertOne(doc),
      /** Takes a membership out, by its id (`memberId`). */
      drop: (id: string) => members.deleteOne({ _id: id }),
      /** Every membership of a channel (the channel is deleted). */
      dropAllOf: (channelId: string) => members.deleteMany({ channelId }),
      /** The ids of a user's channels, in the order they joined, reading no membership document. */
      channelIdsOf: (userId: string) =>
        members.valuesOf({ userId }, 'channelId', { sort: { joinedAt: 1 } }) as Promise<string[]>,
      /** The ids of a user's channels with when they joined each, in the order they joined, in one statement. */
      joinedBy: (userId: string) =>
        members.fieldsOf({ userId }, ['channelId', 'joinedAt'], { sort: { joinedAt: 1 } }) as Promise<
          Pick<MemberDoc, '_id' | 'channelId' | 'joinedAt'>[]
        >,
      /** How many channels a user is a member of. */
      countOf: (userId: string) => members.count({ userId }),
      /** How many members each of these channels has: one grouped count for a whole list. */
      countsOf: (channelIds: readonly string[]) =>
        channelIds.length
          ? members.countBy({ channelId: { $in: channelIds } }, 'channelId')
          : Promise.resolve(new Map<string, number>()),
    },
    invites: {
      /** An invite by its code. */
      byCode: (code: string) => invites.findOne({ _id: code }),
      create: (doc: InviteDoc) => invites.insertOne(doc),
      /** The channel's current invite: its newest one not replaced. */
      current: (channelId: string) =>
        invites.findOne({ channelId, replacedAt: { $exists: false } }, { sort: { createdAt: -1 } }),
      /** One invite stops working: a newer one replaces it. */
      replace: (id: string, at: number) => invites.updateOne({ _id: id }, { $set: { replacedAt: at } }),
      /** Every invite of the channel stops working (the channel is deleted). */
      replaceAllOf: (channelId: string, at: number) =>
        invites.updateMany({ channelId, replacedAt: { $exists: false } }, { $set: { replacedAt: at } }),
      /** A new expiry for an invite; the invite as written. */
      setExpiry: (id: string, expiresAt: number | null) =>
        invites.findOneAndUpdate({ _id: id }, { $set: { expiresAt } }),
    },
    bans: {
      /** The person's ban from the channel, or null. */
      of: (channelId: string, userId: string) => bans.findOne({ _id: memberId(channelId, userId) }),
      add: (doc: BanDoc) => bans.insertOne(doc),
      /** Lifts a ban: `deleted` says whether there was one. */
      lift: (channelId: string, userId: string) => bans.deleteOne({ _id: memberId(channelId, userId) }),
      /** A channel's bans, newest first. */
      inChannel: (channelId: string) => bans.find({ channelId }, { sort: { bannedAt: -1 } }),
    },
    departures: {
      /** Remembers the channel's title as it was when the person left it (or was removed). */
      record: (channelId: string, userId: string, title: string, at: number) =>
        departures.findOneAndUpdate(
          { _id: memberId(channelId, userId) },
          { $set: { channelId, userId, title, leftAt: at } },
          { upsert: true },
        ),
      /** The person's departures from these channels, read by primary key. */
      ofUserAmong: (userId: string, channelIds: readonly string[]) =>
        channelIds.length
          ? departures.find({ _id: { $in: channelIds.map((channelId) => memberId(channelId, userId)) } })
          : Promise.resolve([]),
    },
    /** Moves whenever a channel or a membership may have changed, here or in another process; null on MongoDB (see `Storage.changesOf`). */
    channelsOrMembersChanged: storage.changesOf?.([Channels, Members]) ?? null,
  };
}
export type ChannelsRepository = ReturnType<typeof channelsRepository>;
