import { Theme, type Language } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema } from '../../storage/schema';

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
  /** `_id` is the phone number. */
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
    passwordHash: String,
    name: { type: String, required: true, maxlength: 64 },
    description: { type: String, default: '' },
    avatar: { type: String, default: '' },
    theme: { type: String, enum: Object.values(Theme), default: Theme.Auto },
    language: String,
    nijiRemix: { type: Boolean, default: false },
    mjRemix: { type: Boolean, default: false },
    isAdmin: { type: Boolean, default: false },
    createdAt: { type: Number, required: true },
  }),
);

export const Sessions = defineCollection<SessionDoc>(
  'sessions',
  documentSchema({
    userId: { type: String, required: true, index: true },
    createdAt: { type: Number, required: true },
    expiresAt: { type: Number, required: true },
    revokedAt: Number,
  }),
);

export const LoginCodes = defineCollection<LoginCodeDoc>(
  'login_codes',
  documentSchema({
    codeHash: { type: String, required: true },
    sentAt: { type: Number, required: true },
    expiresAt: { type: Number, required: true },
    failedAttempts: { type: Number, default: 0 },
    usedAt: Number,
    requestedFrom: String,
  }),
);

export const Counters = defineCollection<CounterDoc>(
  'counters',
  documentSchema({ count: { type: Number, required: true }, windowEndsAt: { type: Number, required: true } }),
);

export const Slowdowns = defineCollection<SlowdownDoc>(
  'auth_slowdowns',
  documentSchema({
    failures: { type: Number, required: true },
    lastFailureAt: { type: Number, required: true },
    nextAttemptAt: { type: Number, required: true },
  }),
);

export function authRepository(storage: Storage) {
  return {
    users: storage.collection(Users),
    sessions: storage.collection(Sessions),
    codes: storage.collection(LoginCodes),
    counters: storage.collection(Counters),
    slowdowns: storage.collection(Slowdowns),
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
