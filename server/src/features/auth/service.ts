import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ErrorReason,
  Limits,
  type Language,
  LoginType,
  Theme,
  type LoginAnswer,
  type LoginRequest,
  type SendCodeAnswer,
  type UpdateUserInfoRequest,
  type UserInfo,
} from '@draw/shared';
import { AppError } from '../../errors';
import { translate, type MessageKey } from '../../i18n/messages';
import type { EmailSender } from './email';
import { hashPassword, verifyPassword } from './passwords';
import type { SignedIn } from './identity';
import { canonicalPhone } from './phone';
import type { AuthRepository, LoginCodeDoc, UserDoc } from './repository';
import { sessionCache } from './session-cache';
import { maskPhone, type SmsSender } from './sms';
import type { Slowdown, SlowdownRule } from './slowdown';
import type { Throttle, ThrottleRule } from './throttle';
import { sha256Hex } from '../../digests';

const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const MAX_CODE_ATTEMPTS = 5;
const DEFAULT_AVATAR = '/discord256.png';

/**
 * Lockouts, counted per address: they stop one address guessing, and a stranger's guesses from
 * elsewhere never lock the owner out.
 */
export const AuthRules = {
  codesPerIp: { limit: 10, windowMs: 3600_000 },
  failuresPerIp: { limit: 30, windowMs: 15 * 60_000 },
  /** One address's wrong passwords for one account. */
  passwordFailuresPerAccountAddress: { limit: 5, windowMs: 15 * 60_000 },
  /** One address's wrong codes for one phone or email, across codes: a new code every minute buys no more. */
  codeFailuresPerPhoneAddress: { limit: 10, windowMs: 3600_000 },
} satisfies Record<string, ThrottleRule>;

/**
 * Per account, from every address together: growing waits (1 s doubling, capped at a minute)
 * instead of a lockout, so guessing is slowed to about one try a minute while the owner waits
 * a minute at most. A code's own tries, from the address that asked for it, are never slowed.
 */
export const AuthSlowdowns = {
  passwordFailuresPerAccount: { free: 5, firstWaitMs: 1_000, maxWaitMs: 60_000, forgetAfterMs: 15 * 60_000 },
  codeFailuresPerPhone: { free: 5, firstWaitMs: 1_000, maxWaitMs: 60_000, forgetAfterMs: 3600_000 },
} satisfies Record<string, SlowdownRule>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 5321's longest deliverable address. */
const EMAIL_MAX_LENGTH = 254;

/** An address as stored: hashed, so the store holds no client addresses. */
const addressHash = (ip: string) => sha256Hex(`address:${ip}`);
const fail = (reason: ErrorReason, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(reason, key, params);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function toUserInfo(user: UserDoc): UserInfo {
  return {
    id: user._id,
    avatar: user.avatar || DEFAULT_AVATAR,
    phone: user.phone ? maskPhone(user.phone) : '',
    email: user.email ?? '',
    name: user.name,
    description: user.description,
    nijiRemix: user.nijiRemix,
    mjRemix: user.mjRemix,
    theme: user.theme,
    ...(user.language ? { language: user.language } : {}),
    isAdmin: user.isAdmin,
  };
}

/** A phone as stored (see `canonicalPhone`), or a refusal. */
export function normalisePhone(raw: string): string {
  const phone = canonicalPhone(raw);
  if (!phone) throw fail(ErrorReason.BadRequest, 'auth.badPhone');
  return phone;
}

const emailOf = (raw: string): string | null => {
  const email = raw.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email) ? email.toLowerCase() : null;
};

/** A sign-in account as stored: a lower-case email or a normalised phone, never both. */
type Account = { email: string; phone?: undefined } | { phone: string; email?: undefined };

/** Where codes, limits and lookups file an account: its email or its phone as stored. */
const accountKey = (account: Account): string =>
  account.email !== undefined ? account.email : account.phone;

/** One spelling per account, so lookups and per-account limits agree on who is meant. */
export function normaliseAccount(raw: string): Account {
  const email = emailOf(raw);
  if (email) return { email };
  const phone = canonicalPhone(raw);
  if (phone) return { phone };
  throw fail(ErrorReason.BadRequest, 'auth.badAccount');
}

/** The account a code is asked for: exactly one of `phone` and `email`. */
function codeAccount(to: { phone?: string; email?: string }): Account {
  if ((to.phone === undefined) === (to.email === undefined))
    throw fail(ErrorReason.BadRequest, 'auth.phoneOrEmailRequired');
  if (to.phone !== undefined) return { phone: normalisePhone(to.phone) };
  const email = emailOf(to.email!);
  if (!email) throw fail(ErrorReason.BadRequest, 'auth.badEmail');
  return { email };
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  sms: SmsSender;
  email: EmailSender;
  /** Named in the mails (COMPANY_NAME). */
  siteName: string;
  throttle: Throttle;
  slowdown: Slowdown;
  now: () => number;
  onSendFailure?: (error: unknown) => void;
}

export function authService({
  repo,
  sms,
  email,
  siteName,
  throttle,
  slowdown,
  now,
  onSendFailure = () => undefined,
}: AuthServiceDeps) {
  const codeHash = (key: string, code: string) => sha256Hex(`${key}:${code}`);
  const sessionsEndedListeners: ((ended: { userId: string; sessionId?: string }) => void)[] = [];
  const sessionsEnded = (ended: { userId: string; sessionId?: string }) =>
    sessionsEndedListeners.forEach((listener) => listener(ended));
  const profileChangedListeners: ((userId: string) => Promise<void>)[] = [];
  /** Refuses a sign-in the site does not allow (a disabled account, set by the console). */
  let loginGate: (user: UserDoc) => Promise<void> = async () => undefined;
  const signedIn = sessionCache(repo.usersOrSessionsChanged);

  async function issueSession(user: UserDoc): Promise<LoginAnswer> {
    await loginGate(user);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now() + SESSION_TTL_MS;
    await repo.sessions.create({ _id: sha256Hex(token), userId: user._id, createdAt: now(), expiresAt });
    return { token, expiresAt, user: toUserInfo(user) };
  }

  /**
   * Checks a code sent to a phone or an email once. Every attempt is counted before it is judged:
   * against the account (growing waits), this address on this account (a lockout for that address
   * only) and this address. A live code tried from the address that asked for it is judged past
   * the account's wait: it was sent to the phone or mailbox, so its holder is most likely the owner
   * (a stranger's guesses must not keep them out); its own budget bounds the guesses on it. A used
   * or expired code never works.
   */
  async function consumeCode(account: Account, code: string, ip: string): Promise<void> {
    const key = accountKey(account);
    const phoneKey = `code-fail:${account.email ? 'email' : 'phone'}:${key}`;
    const addressKey = `${phoneKey}:ip:${ip}`;
    const ipKey = `login-fail:ip:${ip}`;
    const doc = await repo.codes.of(key);
    const unspent = !!doc && !doc.usedAt && doc.expiresAt > now();
    // Spent by wrong tries: nothing left to guess, so nothing is counted.
    if (unspent && doc.failedAttempts >= MAX_CODE_ATTEMPTS)
      throw fail(ErrorReason.RateLimited, 'auth.codeTooManyAttempts');
    const own = unspent && doc.requestedFrom === addressHash(ip);
    await slowdown.take(phoneKey, AuthSlowdowns.codeFailuresPerPhone, { pastWait: own });
    await throttle.take(addressKey, AuthRules.codeFailuresPerPhoneAddress);
    await throttle.take(ipKey, AuthRules.failuresPerIp);
    await checkCode(key, code, doc, own);
    await Promise.all([slowdown.clear(phoneKey), throttle.clear(addressKey), throttle.release(ipKey)]);
  }

  async function checkCode(key: string, code: string, doc: LoginCodeDoc | null, own: boolean): Promise<void> {
    if (!doc) throw fail(ErrorReason.BadRequest, 'auth.codeWrong');
    if (doc.usedAt) throw fail(ErrorReason.BadRequest, 'auth.codeUsed');
    if (doc.expiresAt <= now()) throw fail(ErrorReason.BadRequest, 'auth.codeExpired');
    if (own) {
      // Taken before it is judged, in one update: concurrent tries cannot all slip under the budget.
      const tried = await repo.codes.countTry(key, doc.codeHash, MAX_CODE_ATTEMPTS);
      if (!tried) throw fail(ErrorReason.RateLimited, 'auth.codeTooManyAttempts');
    } else if (doc.failedAttempts >= MAX_CODE_ATTEMPTS) {
      throw fail(ErrorReason.RateLimited, 'auth.codeTooManyAttempts');
    }
    if (!/^\d{6}$/.test(code) || !sameHash(doc.codeHash, codeHash(key, code)))
      throw fail(ErrorReason.BadRequest, 'auth.codeWrong');
    const claimed = await repo.codes.use(key, doc.codeHash, now());
    if (!claimed) throw fail(ErrorReason.BadRequest, 'auth.codeUsed');
  }

  const findByAccount = (account: Account) => repo.users.byAccount(account);

  /**
   * A first code login creates the account. A phone account is named by its last four digits;
   * an email one by four hex digits of the address's hash, so other members never see any of it.
   */
  async function createUser(account: Account): Promise<UserDoc> {
    const user: UserDoc = {
      _id: randomUUID(),
      ...(account.email !== undefined
        ? { email: account.email, name: `user${sha256Hex(account.email).slice(0, 4)}` }
        : { phone: account.phone, name: `user${account.phone.slice(-4)}` }),
      description: '',
      avatar: '',
      theme: Theme.Auto,
      nijiRemix: false,
      mjRemix: false,
      isAdmin: false,
      createdAt: now(),
    };
    try {
      return await repo.users.create(user);
    } catch (error) {
      // Two first logins racing for one account: the other one created it.
      const existing = await findByAccount(account);
      if (existing) return existing;
      throw error;
    }
  }

  /** Counts the attempt against the account, this address on it and this address before the password is even looked at. */
  async function passwordLogin(rawAccount: string, password: string, ip: string): Promise<LoginAnswer> {
    const account = normaliseAccount(rawAccount);
    const accountKey = `login-fail:acct:${account.email ?? account.phone}`;
    const addressKey = `${accountKey}:ip:${ip}`;
    const ipKey = `login-fail:ip:${ip}`;
    await slowdown.take(accountKey, AuthSlowdowns.passwordFailuresPerAccount);
    await throttle.take(addressKey, AuthRules.passwordFailuresPerAccountAddress);
    await throttle.take(ipKey, AuthRules.failuresPerIp);
    const user = await findByAccount(account);
    // Unknown accounts are checked too (against a dummy hash): same work, same answer time.
    const verified = await verifyPassword(user?.passwordHash, password);
    if (!user || !verified) throw fail(ErrorReason.BadRequest, 'auth.wrongPassword');
    await Promise.all([slowdown.clear(accountKey), throttle.clear(addressKey), throttle.release(ipKey)]);
    return issueSession(user);
  }

  async function codeLogin(rawAccount: string, code: string, ip: string): Promise<LoginAnswer> {
    const account = normaliseAccount(rawAccount);
    await consumeCode(account, code, ip);
    const user = (await findByAccount(account)) ?? (await createUser(account));
    return issueSession(user);
  }

  /** Sends the code by text or mail; whether the sender lets the browser see it (development). */
  async function deliverCode(account: Account, code: string, language: Language): Promise<boolean> {
    if (account.phone !== undefined) {
      await sms.sendLoginCode(account.phone, code);
      return sms.revealsCodes;
    }
    const params = { site: siteName, code, minutes: Math.round(Limits.smsCodeTtlSeconds / 60) };
    await email.sendLoginCode({
      to: account.email,
      code,
      subject: translate('auth.mailSubject', language, params),
      text: translate('auth.mailBody', language, params),
    });
    return email.revealsCodes;
  }

  return {
    async login(request: LoginRequest, ip: string): Promise<LoginAnswer> {
      if (request.loginType === LoginType.Password) {
        if (!request.password) throw fail(ErrorReason.BadRequest, 'auth.passwordRequired');
        return passwordLogin(request.account, request.password, ip);
      }
      if (!request.code) throw fail(ErrorReason.BadRequest, 'auth.codeRequired');
      return codeLogin(request.account, request.code, ip);
    },

    /** One code to `to.phone` or `to.email`, under the same resend wait and per-address budget. */
    async sendLoginCode(
      to: { phone?: string; email?: string },
      ip: string,
      language: Language,
    ): Promise<SendCodeAnswer> {
      const account = codeAccount(to);
      const key = accountKey(account);
      const previous = await repo.codes.of(key);
      const resendAt = (previous?.sentAt ?? 0) + Limits.smsCodeResendSeconds * 1000;
      if (resendAt > now()) {
        throw fail(ErrorReason.RateLimited, 'auth.codeTooSoon', {
          seconds: Math.ceil((resendAt - now()) / 1000),
        });
      }
      await throttle.take(`sms:ip:${ip}`, AuthRules.codesPerIp);
      const code = String(randomInt(0, 1_000_000)).padStart(Limits.smsCodeLength, '0');
      const sentAt = now();
      await repo.codes.issue(key, {
        codeHash: codeHash(key, code),
        sentAt,
        expiresAt: sentAt + Limits.smsCodeTtlSeconds * 1000,
        failedAttempts: 0,
        requestedFrom: addressHash(ip),
      });
      let reveals: boolean;
      try {
        reveals = await deliverCode(account, code, language);
      } catch (error) {
        // Nothing was sent: forget the code so the user can ask again at once.
        await repo.codes.forget(key);
        onSendFailure(error);
        throw fail(ErrorReason.UpstreamUnavailable, account.email ? 'auth.mailFailed' : 'auth.smsFailed');
      }
      return { resendAfter: Limits.smsCodeResendSeconds, ...(reveals ? { devCode: code } : {}) };
    },

    async resetPassword(rawPhone: string, code: string, password: string, ip: string): Promise<void> {
      const phone = normalisePhone(rawPhone);
      await consumeCode({ phone }, code, ip);
      const user = await repo.users.byPhone(phone);
      if (!user) throw fail(ErrorReason.NotFound, 'auth.noSuchAccount');
      await repo.users.setFields(user._id, { passwordHash: await hashPassword(password) });
      // A reset password means someone else may hold a session: end them all.
      await repo.sessions.revokeAllOf(user._id, now());
      sessionsEnded({ userId: user._id });
    },

    async userForToken(token: string): Promise<UserDoc | null> {
      const sessionId = sha256Hex(token);
      const cached = signedIn.get(sessionId, now());
      if (cached) return cached;
      const stamp = signedIn.stamp();
      const session = await repo.sessions.byId(sessionId);
      if (!session || session.revokedAt || session.expiresAt <= now()) return null;
      const user = await repo.users.byId(session.userId);
      if (user) signedIn.put(stamp, session, user);
      return user;
    },

    /** Whether the session (by its id, the SHA-256 of its token) can still act: not revoked, not expired. */
    async isSessionLive(sessionId: string): Promise<boolean> {
      const session = await repo.sessions.byId(sessionId);
      return !!session && !session.revokedAt && session.expiresAt > now();
    },

    /** Ends every session of the person (and, through `onSessionsEnded`, their sockets); how many were live. */
    async endAllSessions(userId: string): Promise<number> {
      const { matched } = await repo.sessions.revokeAllOf(userId, now());
      sessionsEnded({ userId });
      return matched;
    },

    setLoginGate(gate: (user: UserDoc) => Promise<void>): void {
      loginGate = gate;
    },

    async logout(token: string): Promise<void> {
      const session = await repo.sessions.revoke(sha256Hex(token), now());
      if (session) sessionsEnded({ userId: session.userId, sessionId: session._id });
    },

    /** Live connections (sockets) opened with a session must not outlive it: called when sessions end. */
    onSessionsEnded(listener: (ended: { userId: string; sessionId?: string }) => void): void {
      sessionsEndedListeners.push(listener);
    },

    /**
     * Others see a person's name and avatar (member lists, messages): called when either changed.
     * The change is answered once every listener is done, so what it announces is stored by then.
     */
    onProfileChanged(listener: (userId: string) => Promise<void>): void {
      profileChangedListeners.push(listener);
    },

    async updateInfo(user: SignedIn, changes: UpdateUserInfoRequest): Promise<UserInfo> {
      const changed: Partial<UserDoc> = {};
      if (changes.name !== undefined) {
        const name = changes.name.trim();
        if (name.length < 1 || name.length > Limits.userNameMaxChars || /[\p{Cc}]/u.test(name)) {
          throw fail(ErrorReason.BadRequest, 'auth.badName', { max: Limits.userNameMaxChars });
        }
        changed.name = name;
      }
      if (changes.description !== undefined) changed.description = changes.description.trim();
      if (changes.avatar !== undefined) {
        if (!/^\/files\/[\w.-]+$/.test(changes.avatar)) throw fail(ErrorReason.BadRequest, 'auth.badAvatar');
        changed.avatar = changes.avatar;
      }
      if (changes.theme !== undefined) changed.theme = changes.theme;
      if (changes.language !== undefined) changed.language = changes.language;
      if (changes.nijiRemix !== undefined) changed.nijiRemix = changes.nijiRemix;
      if (changes.mjRemix !== undefined) changed.mjRemix = changes.mjRemix;
      const updated = await repo.users.setFields(user._id, changed);
      if (!updated) throw fail(ErrorReason.Unauthorized, 'auth.required');
      if (updated.name !== user.name || updated.avatar !== user.avatar)
        await Promise.all(profileChangedListeners.map((listener) => listener(user._id)));
      return toUserInfo(updated);
    },

    async setPassword(userId: string, password: string): Promise<void> {
      await repo.users.setFields(userId, { passwordHash: await hashPassword(password) });
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
