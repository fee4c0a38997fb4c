import { Schema } from 'mongoose';
import { OrderStatus, TaskStatus } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';
import { Users, type UserDoc } from '../auth/repository';
import { Ledger, LedgerKind, Orders } from '../billing/repository';
import { Channels, Members } from '../channels/repository';
import { Tasks } from '../tasks/repository';
import type { PriceOverride } from './prices';

/** One admin action: who, when, what, on what, before and after. Never changed or removed. */
export interface AuditDoc extends BaseDoc {
  at: number;
  adminId: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** An account an admin disabled: `_id` is the user id (absent: the account is enabled). */
export interface DisabledDoc extends BaseDoc {
  reason: string;
  at: number;
  by: string;
}

/** The site's settings the console keeps: one document, `_id` 'site'. */
export interface SiteDoc extends BaseDoc {
  announcement: string | null;
  announcementAt: number | null;
  moderateChat: boolean;
  /** The console's prices over the configured ones (`prices.ts`). */
  prices: PriceOverride[];
  updatedAt: number;
}

const auditSchema = documentSchema({
  at: { type: Number, required: true },
  adminId: { type: String, required: true },
  action: { type: String, required: true },
  target: { type: String, required: true },
  before: { type: Schema.Types.Mixed, default: null },
  after: { type: Schema.Types.Mixed, default: null },
} satisfies StoredFields<AuditDoc>);
auditSchema.index({ at: -1 });
export const AdminAudit = defineCollection<AuditDoc>('admin_audit', auditSchema);

export const DisabledAccounts = defineCollection<DisabledDoc>(
  'disabled_accounts',
  documentSchema({
    reason: { type: String, required: true },
    at: { type: Number, required: true },
    by: { type: String, required: true },
  } satisfies StoredFields<DisabledDoc>),
);

export const SiteSettings = defineCollection<SiteDoc>(
  'site_settings',
  documentSchema({
    announcement: { type: Schema.Types.Mixed, default: null },
    announcementAt: { type: Schema.Types.Mixed, default: null },
    moderateChat: { type: Boolean, default: false },
    prices: { type: Schema.Types.Mixed, default: [] },
    updatedAt: { type: Number, required: true },
  } satisfies StoredFields<SiteDoc>),
);

const SITE = 'site';
/** Newest first, before the cursor (time, then id for equal times). */
const before = <K extends string>(field: K, cursor: { at: number; id: string } | null) =>
  cursor ? { $or: [{ [field]: { $lt: cursor.at } }, { [field]: cursor.at, _id: { $lt: cursor.id } }] } : {};

/** People one user search reads at most (see `users.search`): a few milliseconds of the store's time. */
export const USER_SEARCH_WINDOW = 5_000;

export function adminRepository(
  storage: Storage,
  { userSearchWindow = USER_SEARCH_WINDOW }: { userSearchWindow?: number } = {},
) {
  const audit = storage.collection(AdminAudit);
  const disabled = storage.collection(DisabledAccounts);
  const site = storage.collection(SiteSettings);
  const users = storage.collection(Users);
  const tasks = storage.collection(Tasks);
  const orders = storage.collection(Orders);
  const ledger = storage.collection(Ledger);
  const channels = storage.collection(Channels);
  const members = storage.collection(Members);
  return {
    audit: {
      /** Writes one entry (the log is only ever added to). */
      record: (doc: AuditDoc) => audit.insertOne(doc),
      page: (
        filter: { adminId?: string; target?: string },
        cursor: { at: number; id: string } | null,
        limit: number,
      ) =>
        audit.find(
          {
            ...(filter.adminId ? { adminId: filter.adminId } : {}),
            ...(filter.target ? { target: filter.target } : {}),
            ...before('at', cursor),
          },
          { sort: { at: -1, _id: -1 }, limit },
        ),
    },
    disabled: {
      of: (userId: string) => disabled.findOne({ _id: userId }),
      among: (userIds: readonly string[]) => disabled.find({ _id: { $in: [...userIds] } }),
      put: (userId: string, fields: Omit<DisabledDoc, '_id'>) =>
        disabled.findOneAndUpdate({ _id: userId }, { $set: fields }, { upsert: true }),
      remove: (userId: string) => disabled.deleteOne({ _id: userId }),
    },
    site: {
      get: () => site.findOne({ _id: SITE }),
      set: (fields: Partial<Omit<SiteDoc, '_id'>>, at: number) =>
        site.findOneAndUpdate({ _id: SITE }, { $set: { ...fields, updatedAt: at } }, { upsert: true }),
    },
    users: {
      /**
       * People whose phone, email, name or id contains `q` (as typed; emails are stored lower-cased),
       * newest first. A `contains` match has no index, so one request reads at most
       * `userSearchWindow` people (newest first, from the cursor, by the createdAt index); when the
       * window holds fewer than `limit` matches, `resumeAt` is where the next page reads on, so every
       * person stays findable page by page. An exact id, phone or email is found through its unique
       * index on the first page, whatever its age.
       */
      search: async (
        q: string,
        cursor: { at: number; id: string } | null,
        limit: number,
      ): Promise<{ docs: UserDoc[]; resumeAt: { at: number; id: string } | null }> => {
        const newestFirst = { createdAt: -1, _id: -1 } as const;
        if (!q)
          return {
            docs: await users.find(before('createdAt', cursor), { sort: newestFirst, limit }),
            resumeAt: null,
          };
        const exact =
          cursor === null
            ? await users.find({ $or: [{ _id: q }, { phone: q }, { email: q.toLowerCase() }] }, { limit })
            : [];
        const exactIds = exact.map((doc) => doc._id);
        // The window's oldest person (the rows from the cursor down to it are all that is read), and
        // whether anyone is older (else the window ends the table).
        const [edge, beyond] = await users.find(before('createdAt', cursor), {
          sort: newestFirst,
          skip: userSearchWindow - 1,
          limit: 2,
        });
        const inWindow = edge
          ? {
              $or: [
                { createdAt: { $gt: edge.createdAt } },
                { createdAt: edge.createdAt, _id: { $gte: edge._id } },
              ],
            }
          : {};
        const found = await users.find(
          {
            $and: [before('createdAt', cursor), inWindow],
            ...(exactIds.length ? { _id: { $nin: exactIds } } : {}),
            $or: [
              { phone: { $contains: q } },
              { email: { $contains: q.toLowerCase() } },
              { name: { $contains: q } },
            ],
          },
          { sort: newestFirst, limit: Math.max(0, limit - exact.length) },
        );
        const docs = [...exact, ...found];
        return {
          docs,
          resumeAt: docs.length < limit && edge && beyond ? { at: edge.createdAt, id: edge._id } : null,
        };
      },
      byId: (id: string) => users.findOne({ _id: id }),
      byIds: (ids: readonly string[]) =>
        ids.length ? users.find({ _id: { $in: [...new Set(ids)] } }) : Promise.resolve([]),
      setAdmin: (id: string, isAdmin: boolean) => users.findOneAndUpdate({ _id: id }, { $set: { isAdmin } }),
      newSince: (since: number) => users.valuesOf({ createdAt: { $gte: since } }, 'createdAt'),
    },
    tasks: {
      page: (
        filter: {
          status?: TaskStatus;
          engine?: string;
          userId?: string;
          channelId?: string;
          failureCode?: string;
        },
        cursor: { at: number; id: string } | null,
        limit: number,
      ) =>
        tasks.find(
          {
            ...(filter.status ? { status: filter.status } : {}),
            ...(filter.engine ? { engine: filter.engine } : {}),
            ...(filter.userId ? { userId: filter.userId } : {}),
            ...(filter.channelId ? { channelId: filter.channelId } : {}),
            ...(filter.failureCode ? { 'properties.failure.code': filter.failureCode } : {}),
            ...(cursor ? { $and: [before('submitTime', cursor)] } : {}),
          },
          { sort: { submitTime: -1, _id: -1 }, limit },
        ),
      byId: (id: string) => tasks.findOne({ _id: id }),
      recentOf: (userId: string, limit: number) =>
        tasks.find({ userId }, { sort: { submitTime: -1 }, limit }),
      /** Waiting (submitted) and running (in progress) tasks per engine, from the store (every process's). */
      queueByEngine: async () => ({
        waiting: await tasks.countBy({ status: TaskStatus.Submitted }, 'engine'),
        running: await tasks.countBy({ status: TaskStatus.InProgress }, 'engine'),
      }),
      lastFailureOf: (engine: string) =>
        tasks.findOne({ engine, status: TaskStatus.Failure }, { sort: { finishTime: -1 } }),
      /** One day's tasks counted by status and by engine (no documents read). */
      countsBetween: async (from: number, to: number) => ({
        byStatus: await tasks.countBy({ submitTime: { $gte: from, $lt: to } }, 'status'),
        byEngine: await tasks.countBy({ submitTime: { $gte: from, $lt: to } }, 'engine'),
      }),
      /** The failures since `since`, newest first, at most `limit` (their code is in `properties`). */
      failuresSince: (since: number, limit: number) =>
        tasks.fieldsOf({ status: TaskStatus.Failure, submitTime: { $gte: since } }, ['properties'], {
          sort: { submitTime: -1 },
          limit,
        }),
    },
    orders: {
      page: (
        filter: { status?: OrderStatus; userId?: string; from?: number; to?: number },
        cursor: { at: number; id: string } | null,
        limit: number,
      ) =>
        orders.find(
          {
            ...(filter.status ? { status: filter.status } : {}),
            ...(filter.userId ? { userId: filter.userId } : {}),
            ...(filter.from !== undefined || filter.to !== undefined
              ? {
                  createdAt: {
                    ...(filter.from !== undefined ? { $gte: filter.from } : {}),
                    ...(filter.to !== undefined ? { $lt: filter.to } : {}),
                  },
                }
              : {}),
            ...(cursor ? { $and: [before('createdAt', cursor)] } : {}),
          },
          { sort: { createdAt: -1, _id: -1 }, limit },
        ),
      recentOf: (userId: string, limit: number) =>
        orders.find({ userId }, { sort: { createdAt: -1 }, limit }),
      paidSince: (since: number, limit: number) =>
        orders.fieldsOf(
          { status: OrderStatus.Paid, paidAt: { $gte: since } },
          ['paidAt', 'amount', 'currency'],
          {
            sort: { paidAt: -1 },
            limit,
          },
        ),
    },
    ledger: {
      spendsSince: (since: number, limit: number) =>
        ledger.fieldsOf({ kind: LedgerKind.Spend, at: { $gte: since } }, ['at', 'delta'], {
          sort: { at: -1 },
          limit,
        }),
    },
    channels: {
      search: (q: string, cursor: { at: number; id: string } | null, limit: number) =>
        channels.find(
          {
            deletedAt: { $exists: false },
            ...(q ? { $or: [{ title: { $contains: q } }, { _id: q }] } : {}),
            ...(cursor ? { $and: [before('createdAt', cursor)] } : {}),
          },
          { sort: { createdAt: -1, _id: -1 }, limit },
        ),
      byId: (id: string) => channels.findOne({ _id: id, deletedAt: { $exists: false } }),
      byIds: (ids: readonly string[]) =>
        ids.length ? channels.find({ _id: { $in: [...new Set(ids)] } }) : Promise.resolve([]),
      /** The channels the person is a member of (their own included). */
      ofMember: async (userId: string) => {
        const ids = await members.valuesOf({ userId }, 'channelId');
        const live = ids.filter((id): id is string => id !== null);
        return live.length ? channels.find({ _id: { $in: live }, deletedAt: { $exists: false } }) : [];
      },
      memberCounts: (channelIds: readonly string[]) =>
        members.countBy({ channelId: { $in: [...channelIds] } }, 'channelId'),
    },
  };
}
export type AdminRepository = ReturnType<typeof adminRepository>;
