import { Theme, type Language } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';

export interface UserDoc extends BaseDoc {
  phone?: string;
  email?: string;
  passwordHash?: string;
  name: string;
  description: string;
  avatar: string;
  theme: Theme;
  language?: Language;
  nijiRemix: boolean;
  mjRemix: boolean;
  isAdmin: boolean;
  createdAt: number;
}

export interface SessionDoc extends BaseDoc {
  /** `_id` is the SHA-256 of the token: a stolen database never yields a usable token. */
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt?: number;
}

export interface LoginCodeDoc extends BaseDoc {
  /** `_id` is the account it was sent to: the phone as stored, or the lower-case email. */
  codeHash: string;
  sentAt: number;
  expiresAt: number;
  failedAttempts: number;
  usedAt?: number;
  /** SHA-256 of the address that asked for the code: its tries there are judged by the code's own budget. */
  requestedFrom?: string;
}

/** Fixed-window counters for throttling (per account, per IP), shared by every server process. */
export interface CounterDoc extends BaseDoc {
  count: number;
  windowEndsAt: number;
}

/** Growing waits between attempts on one account (see slowdown.ts); `_id` is the key. */
export interface SlowdownDoc extends BaseDoc {
  failures: number;
  lastFailureAt: number;
  nextAttemptAt: number;
}

export const Users = defineCollection<UserDoc>(
  'users',
  documentSchema({
    phone: { type: String, unique: true, sparse: true },
    email: { type: String, unique: true, sparse: true },
    passwordHash: { type: String },
    name: { type: String, required: true, maxlength: 64 },
    description: { type: String, default: '' },
    avatar: { type: String, default: '' },
    theme: { type: String, enum: Object.values(Theme), default: Theme.Auto },
    language: { type: String },
    nijiRemix: { type: Boolean, default: false },
    mjRemix: { type: Boolean, default: false },
    isAdmin: { type: Boolean, default: false },
    // The console lists and searches people newest first (features/admin).
    createdAt: { type: Number, required: true, index: true },
  } satisfies StoredFields<UserDoc>),
);

export const Sessions = defineCollection<SessionDoc>(
  'sessions',
  documentSchema({
    userId: { type: String, required: true, index: true },
    createdAt: { type: Number, required: true },
    expiresAt: { type: Number, required: true },
    revokedAt: { type: Number },
  } satisfies StoredFields<SessionDoc>),
);

export const LoginCodes = defineCollection<LoginCodeDoc>(
  'login_codes',
  documentSchema({
    codeHash: { type: String, required: true },
    sentAt: { type: Number, required: true },
    expiresAt: { type: Number, required: true },
    failedAttempts: { type: Number, default: 0 },
    usedAt: { type: Number },
    requestedFrom: { type: String },
  } satisfies StoredFields<LoginCodeDoc>),
);

export const Counters = defineCollection<CounterDoc>(
  'counters',
  documentSchema({
    count: { type: Number, required: true },
    windowEndsAt: { type: Number, required: true },
  } satisfies StoredFields<CounterDoc>),
);

export const Slowdowns = defineCollection<SlowdownDoc>(
  'auth_slowdowns',
  documentSchema({
    failures: { type: Number, required: true },
    lastFailureAt: { type: Number, required: true },
    nextAttemptAt: { type: Number, required: true },
  } satisfies StoredFields<SlowdownDoc>),
);

/** Users, with the queries other features ask of them. */
export function usersRepository(storage: Storage) {
  const users = storage.collection(Users);
  return {
    /** A user by id, or null. */
    byId: (id: string) => users.findOne({ _id: id }),
    byPhone: (phone: string) => users.findOne({ phone }),
    /** The user an account names: by email when it has one, else by phone. */
    byAccount: (account: { email?: string; phone?: string }) =>
      account.email ? users.findOne({ email: account.email }) : users.findOne({ phone: account.phone }),
    create: (doc: UserDoc) => users.insertOne(doc),
    /** The users of `ids` (any order; unknown ids are left out): one query for a page's authors. */
    byIds: (ids: readonly string[]): Promise<UserDoc[]> =>
      ids.length ? users.find({ _id: { $in: [...new Set(ids)] } }) : Promise.resolve([]),
    /** Changes a user's own fields; the user as written, or null when there is none. */
    setFields: (id: string, fields: Partial<Omit<UserDoc, '_id'>>) =>
      users.findOneAndUpdate({ _id: id }, { $set: fields }),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;

function sessionsRepository(storage: Storage) {
  const sessions = storage.collection(Sessions);
  return {
    /** A session by id (the SHA-256 of its token), live or not. */
    byId: (id: string) => sessions.findOne({ _id: id }),
    create: (doc: SessionDoc) => sessions.insertOne(doc),
    /** Ends every live session of a user. */
    revokeAllOf: (userId: string, at: number) =>
      sessions.updateMany({ userId, revokedAt: { $exists: false } }, { $set: { revokedAt: at } }),
    /** Ends one session if it is live; the session, or null when it was not. */
    revoke: (id: string, at: number) =>
      sessions.findOneAndUpdate({ _id: id, revokedAt: { $exists: false } }, { $set: { revokedAt: at } }),
  };
}

function codesRepository(storage: Storage) {
  const codes = storage.collection(LoginCodes);
  return {
    /** The phone's or email's current code, or null. */
    of: (phone: string) => codes.findOne({ _id: phone }),
    /** Forgets the phone's or email's code (it was never sent). */
    forget: (phone: string) => codes.deleteOne({ _id: phone }),
    /** A new code for a phone or an email, replacing any earlier one (used or not). */
    issue: (phone: string, code: Omit<LoginCodeDoc, '_id' | 'usedAt'>) =>
      codes.findOneAndUpdate({ _id: phone }, { $set: code, $unset: { usedAt: true } }, { upsert: true }),
    /** Counts one try of this code, while its budget of `max` lasts; null once it is spent. */
    countTry: (phone: string, codeHash: string, max: number) =>
      codes.findOneAndUpdate(
        { _id: phone, codeHash, failedAttempts: { $lt: max } },
        { $inc: { failedAttempts: 1 } },
      ),
    /** Marks this code used, once: null when it already was. */
    use: (phone: string, codeHash: string, at: number) =>
      codes.findOneAndUpdate({ _id: phone, codeHash, usedAt: { $exists: false } }, { $set: { usedAt: at } }),
  };
}

function countersRepository(storage: Storage) {
  const counters = storage.collection(Counters);
  return {
    /** Ends a key's window (a success clears its count). */
    clear: (key: string) => counters.deleteOne({ _id: key }),
    /** One more in the key's window while it runs; null when there is none or it has ended. */
    countInWindow: (key: string, now: number) =>
      counters.findOneAndUpdate({ _id: key, windowEndsAt: { $gt: now } }, { $inc: { count: 1 } }),
    /** Opens a new window with this attempt in it, unless a live one exists (then null, or a duplicate-key refusal). */
    openWindow: (key: string, now: number, endsAt: number) =>
      counters.findOneAndUpdate(
        { _id: key, windowEndsAt: { $lte: now } },
        { $set: { count: 1, windowEndsAt: endsAt } },
        { upsert: true },
      ),
    /** One less, never below zero. */
    giveBack: (key: string) => counters.updateOne({ _id: key, count: { $gt: 0 } }, { $inc: { count: -1 } }),
  };
}

function slowdownsRepository(storage: Storage) {
  const slowdowns = storage.collection(Slowdowns);
  return {
    of: (key: string) => slowdowns.findOne({ _id: key }),
    /** The key's first failure (a duplicate-key refusal when another attempt stored it first). */
    create: (doc: SlowdownDoc) => slowdowns.insertOne(doc),
    clear: (key: string) => slowdowns.deleteOne({ _id: key }),
    /** Writes the key's next state only if it is still the one read (compare-and-set); null when another attempt won. */
    replaceIfUnchanged: (seen: SlowdownDoc, next: Omit<SlowdownDoc, '_id'>) =>
      slowdowns.findOneAndUpdate(
        { _id: seen._id, failures: seen.failures, lastFailureAt: seen.lastFailureAt },
        { $set: next },
      ),
  };
}

export function authRepository(storage: Storage) {
  return {
    users: usersRepository(storage),
    sessions: sessionsRepository(storage),
    codes: codesRepository(storage),
    counters: countersRepository(storage),
    slowdowns: slowdownsRepository(storage),
    /** Moves whenever a user or a session may have changed, here or in another process; null on MongoDB (see `Storage.changesOf`). */
    usersOrSessionsChanged: storage.changesOf?.([Users, Sessions]) ?? null,
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
