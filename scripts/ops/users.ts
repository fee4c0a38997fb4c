import { randomUUID } from 'node:crypto';
import { Limits, Theme } from '@draw/shared';
import { hashPassword } from '../../server/src/features/auth/passwords';
import { Users, type UserDoc } from '../../server/src/features/auth/repository';
import { normalisePhone } from '../../server/src/features/auth/service';
import type { Collection, Storage } from '../../server/src/storage/port';
import { OpsError, parseCommand, parseCount, UsageError } from './args';
import { runGroup, withReadSource, withWriteStorage, type OpsContext, type Subcommand } from './command';
import { pairs, table, time } from './output';
import type { ReadSource } from './source';

const CREATE_HELP = `Usage: npm run ops -- users create (--phone P | --email E) [--password-stdin | --password X] [--name N] [--admin] [--json]

Creates a user with a phone, an email or both, who can sign in at once: with a password (8–128
characters) through password login, or with a phone through SMS code login. Without --name: "user<last 4 digits>" for a phone
(as a first code login does), the part before @ for an email. --admin makes them a site admin.
Writes the store: refused while a server holds the embedded data folder.`;

const LIST_HELP = `Usage: npm run ops -- users list [--limit N] [--json]

Lists users, newest first (default 50; --limit 0 lists all). Never shows password hashes.
Read-only: works while the server runs.`;

const ADMIN_HELP = `Usage: npm run ops -- users admin grant|revoke <userId | phone | email>

Grants or revokes the site admin role (isAdmin). Writes the store: refused while a server holds
the embedded data folder.`;

export const USERS_HELP = `Usage: npm run ops -- users <command>

Commands:
  create (--phone P | --email E) [--password X] [--name N] [--admin]   Create a user
  list [--limit N] [--json]                                             List users, newest first
  admin grant|revoke <userId | phone | email>                           Grant or revoke site admin

Run a command with --help for details.`;

/** As the login service accepts them; emails are stored lower-cased. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** As the reset-password route accepts them. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export interface NewUser {
  phone?: string;
  email?: string;
  password?: string;
  name?: string;
  admin?: boolean;
}

/** The public view of a user for ops output: never the password hash. */
export interface UserRow {
  id: string;
  phone: string;
  email: string;
  name: string;
  isAdmin: boolean;
  hasPassword: boolean;
  createdAt: number;
}

export const toUserRow = (user: UserDoc): UserRow => ({
  id: user._id,
  phone: user.phone ?? '',
  email: user.email ?? '',
  name: user.name,
  isAdmin: user.isAdmin,
  hasPassword: Boolean(user.passwordHash),
  createdAt: user.createdAt,
});

function phoneOrNull(raw: string): string | null {
  try {
    return normalisePhone(raw);
  } catch {
    return null;
  }
}

/** Validates the input and builds the stored document (password hashed); nothing is written. */
export async function newUserDoc(input: NewUser, now: number): Promise<UserDoc> {
  if (!input.phone && !input.email) throw new UsageError('Give --phone or --email (or both).');
  const phone = input.phone === undefined ? undefined : phoneOrNull(input.phone);
  if (phone === null)
    throw new UsageError(
      `Not a phone number: "${input.phone}" (11 digits starting with 1, or +country digits).`,
    );
  const email = input.email?.trim().toLowerCase();
  if (email !== undefined && !EMAIL.test(email))
    throw new UsageError(`Not an email address: "${input.email}".`);
  if (
    input.password !== undefined &&
    (input.password.length < PASSWORD_MIN || input.password.length > PASSWORD_MAX)
  ) {
    throw new UsageError(`The password must have ${PASSWORD_MIN}–${PASSWORD_MAX} characters.`);
  }
  const name = (
    input.name ?? (phone ? `user${phone.slice(-4)}` : email!.split('@')[0]!.slice(0, Limits.userNameMaxChars))
  ).trim();
  if (name.length < 1 || [...name].length > Limits.userNameMaxChars || /\p{Cc}/u.test(name)) {
    throw new UsageError(
      `The name must have 1–${Limits.userNameMaxChars} characters and no control characters.`,
    );
  }
  return {
    _id: randomUUID(),
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
    ...(input.password !== undefined ? { passwordHash: await hashPassword(input.password) } : {}),
    name,
    description: '',
    avatar: '',
    theme: Theme.Auto,
    nijiRemix: false,
    mjRemix: false,
    isAdmin: Boolean(input.admin),
    createdAt: now,
  };
}

/** Inserts a user built by newUserDoc; a taken phone or email is an OpsError naming the owner. */
export async function createUser(storage: Storage, doc: UserDoc): Promise<UserDoc> {
  const users = storage.collection(Users);
  const byPhone = doc.phone ? await users.findOne({ phone: doc.phone }) : null;
  if (byPhone) throw new OpsError(`A user with the phone ${doc.phone} already exists (${byPhone._id}).`);
  const byEmail = doc.email ? await users.findOne({ email: doc.email }) : null;
  if (byEmail) throw new OpsError(`A user with the email ${doc.email} already exists (${byEmail._id}).`);
  return users.insertOne(doc);
}

/** A user by id, else by email (any case) or phone (any common spelling). */
export async function findUser(users: Collection<UserDoc>, who: string): Promise<UserDoc> {
  const key = who.trim();
  const byId = await users.findOne({ _id: key });
  if (byId) return byId;
  const phone = key.includes('@') ? null : phoneOrNull(key);
  const found = key.includes('@')
    ? await users.findOne({ email: key.toLowerCase() })
    : phone
      ? await users.findOne({ phone })
      : null;
  if (!found) throw new OpsError(`No user with the id, phone or email "${who}".`);
  return found;
}

export async function setAdmin(
  storage: Storage,
  who: string,
  isAdmin: boolean,
): Promise<{ user: UserDoc; changed: boolean }> {
  const users = storage.collection(Users);
  const user = await findUser(users, who);
  if (user.isAdmin === isAdmin) return { user, changed: false };
  const updated = await users.findOneAndUpdate({ _id: user._id }, { $set: { isAdmin } });
  if (!updated) throw new OpsError(`The user ${user._id} disappeared while updating.`);
  return { user: updated, changed: true };
}

/** Users newest first; `limit` 0 means all. */
export async function listUsers(
  source: ReadSource,
  limit: number,
): Promise<{ total: number; users: UserRow[] }> {
  const all = (await source.all(Users)).sort(
    (a, b) => b.createdAt - a.createdAt || a._id.localeCompare(b._id),
  );
  return { total: all.length, users: (limit > 0 ? all.slice(0, limit) : all).map(toUserRow) };
}

const label = (user: UserDoc) => `${user.name} (${user._id})`;

export function formatUsers({ total, users }: { total: number; users: UserRow[] }): string {
  const rows = users.map((u) => [
    u.id,
    u.phone,
    u.email,
    u.name,
    u.isAdmin,
    u.hasPassword,
    time(u.createdAt),
  ]);
  return `${table(['id', 'phone', 'email', 'name', 'admin', 'password', 'created'], rows)}\n\n${users.length} of ${total} users`;
}

const subcommands: Record<string, Subcommand> = {
  create: {
    help: CREATE_HELP,
    async run(args, ctx) {
      const { values } = parseCommand(args, {
        phone: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        name: { type: 'string' },
        admin: { type: 'boolean' },
        json: { type: 'boolean' },
      });
      if (values['password-stdin'] && values.password !== undefined)
        throw new UsageError('Give --password-stdin or --password, not both.');
      // An argument shows in `ps` and shell history; standard input does not.
      const password = values['password-stdin']
        ? (await ctx.readStdin()).replace(/\r?\n$/, '')
        : values.password;
      const doc = await newUserDoc({ ...values, password }, ctx.now());
      const user = toUserRow(await withWriteStorage(ctx.config, (storage) => createUser(storage, doc)));
      if (values.json) ctx.out(JSON.stringify(user, null, 2));
      else
        ctx.out(
          `Created user\n${pairs([
            ['id', user.id],
            ['phone', user.phone],
            ['email', user.email],
            ['name', user.name],
            ['site admin', user.isAdmin],
            ['password', user.hasPassword],
          ])}`,
        );
      return 0;
    },
  },
  list: {
    help: LIST_HELP,
    async run(args, ctx) {
      const { values } = parseCommand(args, { limit: { type: 'string' }, json: { type: 'boolean' } });
      const limit = parseCount('limit', values.limit, 50);
      const result = await withReadSource(ctx.config, (source) => listUsers(source, limit));
      ctx.out(values.json ? JSON.stringify(result, null, 2) : formatUsers(result));
      return 0;
    },
  },
  admin: {
    help: ADMIN_HELP,
    async run(args, ctx) {
      const { positionals } = parseCommand(args, {}, { min: 2, max: 2, names: 'grant|revoke and a user' });
      const [action, who] = positionals as [string, string];
      if (action !== 'grant' && action !== 'revoke')
        throw new UsageError(`Expected grant or revoke (got "${action}").`);
      const grant = action === 'grant';
      const { user, changed } = await withWriteStorage(ctx.config, (storage) =>
        setAdmin(storage, who, grant),
      );
      if (!changed)
        ctx.out(`${label(user)} ${grant ? 'is already' : 'is not'} a site admin; nothing changed.`);
      else
        ctx.out(grant ? `Granted site admin to ${label(user)}.` : `Revoked site admin from ${label(user)}.`);
      return 0;
    },
  },
};

export const runUsers = (argv: string[], ctx: OpsContext) =>
  runGroup('users', USERS_HELP, subcommands, argv, ctx);
