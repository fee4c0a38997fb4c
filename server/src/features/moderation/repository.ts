import { Schema } from 'mongoose';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';

export interface BannedWordDoc extends BaseDoc {
  word: string;
  /** Unique: two spellings of one word are one entry. */
  normalized: string;
  createdAt: number;
  createdBy: string;
}

export const HitSource = {
  Prompt: 'prompt',
  Translation: 'translation',
  Chat: 'chat',
  Engine: 'engine',
} as const;
export type HitSource = (typeof HitSource)[keyof typeof HitSource];

export interface HitDoc extends BaseDoc {
  userId: string;
  at: number;
  channelId: string | null;
  source: HitSource;
  /** The text caught (a prompt is at most 4,000 characters). */
  text: string;
  word: string;
  pausedUntil: number | null;
}

/** One person's standing: recent hits, and the pause they earned. `_id` is the user id. */
export interface StandingDoc extends BaseDoc {
  /** When each hit of the current window happened. */
  hits: number[];
  pausedUntil: number | null;
  /** Pauses within `pauseDayStart` + a day: which step the next one takes. */
  pauses: number;
  pauseDayStart: number;
}

export interface ReportDoc extends BaseDoc {
  /** `_id` is the reported task's id: one report per image, every reporter in it. */
  channelId: string;
  authorId: string;
  status: 'open' | 'hidden' | 'dismissed';
  reporters: { userId: string; reason: string; at: number }[];
  firstAt: number;
  resolvedAt: number | null;
  resolvedBy: string | null;
}

/** An image hidden by an admin: `_id` is the task id. */
export interface HiddenImageDoc extends BaseDoc {
  channelId: string;
  /** The stored image's keys (`/files/<key>`): refused to all but admins. */
  fileKeys: string[];
  hiddenAt: number;
  hiddenBy: string;
}

export const BannedWords = defineCollection<BannedWordDoc>(
  'banned_words',
  documentSchema({
    word: { type: String, required: true, maxlength: 100 },
    normalized: { type: String, required: true, unique: true },
    createdAt: { type: Number, required: true },
    createdBy: { type: String, required: true },
  } satisfies StoredFields<BannedWordDoc>),
);

const hitSchema = documentSchema({
  userId: { type: String, required: true },
  at: { type: Number, required: true },
  channelId: { type: Schema.Types.Mixed, default: null },
  source: { type: String, required: true, enum: Object.values(HitSource) },
  text: { type: String, required: true },
  word: { type: String, required: true },
  pausedUntil: { type: Schema.Types.Mixed, default: null },
} satisfies StoredFields<HitDoc>);
hitSchema.index({ at: -1 });
hitSchema.index({ userId: 1, at: -1 });
export const ModerationHits = defineCollection<HitDoc>('moderation_hits', hitSchema);

export const Standings = defineCollection<StandingDoc>(
  'moderation_standings',
  documentSchema({
    hits: { type: [Number], default: [] },
    pausedUntil: { type: Schema.Types.Mixed, default: null },
    pauses: { type: Number, default: 0 },
    pauseDayStart: { type: Number, default: 0 },
  } satisfies StoredFields<StandingDoc>),
);

const reportSchema = documentSchema({
  channelId: { type: String, required: true },
  authorId: { type: String, required: true },
  status: { type: String, required: true, enum: ['open', 'hidden', 'dismissed'] },
  reporters: { type: Schema.Types.Mixed, default: [] },
  firstAt: { type: Number, required: true },
  resolvedAt: { type: Schema.Types.Mixed, default: null },
  resolvedBy: { type: Schema.Types.Mixed, default: null },
} satisfies StoredFields<ReportDoc>);
reportSchema.index({ status: 1, firstAt: 1 });
export const Reports = defineCollection<ReportDoc>('image_reports', reportSchema);

export const HiddenImages = defineCollection<HiddenImageDoc>(
  'hidden_images',
  documentSchema({
    channelId: { type: String, required: true },
    fileKeys: { type: [String], default: [] },
    hiddenAt: { type: Number, required: true },
    hiddenBy: { type: String, required: true },
  } satisfies StoredFields<HiddenImageDoc>),
);

export function moderationRepository(storage: Storage) {
  const words = storage.collection(BannedWords);
  const hits = storage.collection(ModerationHits);
  const standings = storage.collection(Standings);
  const reports = storage.collection(Reports);
  const hidden = storage.collection(HiddenImages);
  return {
    words: {
      all: () => words.find({}, { sort: { createdAt: -1 } }),
      byNormalized: (normalized: string) => words.findOne({ normalized }),
      byId: (id: string) => words.findOne({ _id: id }),
      /** How many words the list holds (it has a ceiling). */
      total: () => words.count({}),
      add: (doc: BannedWordDoc) => words.insertOne(doc),
      remove: (id: string) => words.deleteOne({ _id: id }),
    },
    hits: {
      record: (doc: HitDoc) => hits.insertOne(doc),
      /** Newest first, before the cursor's time (and id, for equal times). */
      page: (filter: { userId?: string }, before: { at: number; id: string } | null, limit: number) =>
        hits.find(
          {
            ...(filter.userId ? { userId: filter.userId } : {}),
            ...(before
              ? { $or: [{ at: { $lt: before.at } }, { at: before.at, _id: { $lt: before.id } }] }
              : {}),
          },
          { sort: { at: -1, _id: -1 }, limit },
        ),
    },
    standings: {
      of: (userId: string) => standings.findOne({ _id: userId }),
      /** Writes the person's standing (made on their first hit). */
      put: (userId: string, fields: Omit<StandingDoc, '_id'>) =>
        standings.findOneAndUpdate({ _id: userId }, { $set: fields }, { upsert: true }),
      lift: (userId: string) =>
        standings.findOneAndUpdate({ _id: userId }, { $set: { pausedUntil: null, hits: [] } }),
      pausedAmong: (userIds: readonly string[], now: number) =>
        standings.find({ _id: { $in: [...userIds] }, pausedUntil: { $gt: now } }),
    },
    reports: {
      of: (taskId: string) => reports.findOne({ _id: taskId }),
      /** Adds a reporter once; the report is made (open) on the first. Null: this person already reported it. */
      addReporter: async (
        taskId: string,
        meta: { channelId: string; authorId: string },
        reporter: { userId: string; reason: string; at: number },
      ) => {
        const existing = await reports.findOne({ _id: taskId });
        if (existing?.reporters.some((r) => r.userId === reporter.userId)) return null;
        if (!existing)
          return reports.insertOne({
            _id: taskId,
            ...meta,
            status: 'open',
            reporters: [reporter],
            firstAt: reporter.at,
            resolvedAt: null,
            resolvedBy: null,
          });
        return reports.findOneAndUpdate(
          { _id: taskId },
          {
            $push: { reporters: reporter },
            $set: { status: existing.status === 'dismissed' ? 'open' : existing.status },
          },
        );
      },
      page: (status: ReportDoc['status'], skip: number, limit: number) =>
        reports.find({ status }, { sort: { firstAt: status === 'open' ? 1 : -1, _id: 1 }, skip, limit }),
      resolve: (taskId: string, status: 'hidden' | 'dismissed', at: number, by: string) =>
        reports.findOneAndUpdate({ _id: taskId }, { $set: { status, resolvedAt: at, resolvedBy: by } }),
    },
    hidden: {
      all: () => hidden.find({}),
      hide: ({ _id, ...fields }: HiddenImageDoc) =>
        hidden.findOneAndUpdate({ _id }, { $set: fields }, { upsert: true }),
      show: (taskId: string) => hidden.deleteOne({ _id: taskId }),
    },
  };
}
export type ModerationRepository = ReturnType<typeof moderationRepository>;
