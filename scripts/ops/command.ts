import { Language } from '@draw/shared';
import type { Config } from '../../server/src/config';
import { AppError } from '../../server/src/errors';
import { translate } from '../../server/src/i18n/messages';
import { StoreInUseError } from '../../server/src/storage/lock';
import { openStorage } from '../../server/src/storage/open';
import type { Storage } from '../../server/src/storage/port';
import { OpsError, UsageError, wantsHelp } from './args';
import { openReadSource, type ReadSource } from './source';

/** What a command needs from the outside: the configuration and somewhere to print. */
export interface OpsContext {
  config: Config;
  out(text: string): void;
  err(text: string): void;
  now(): number;
  /** Everything on standard input (secrets are read from there, never from arguments). */
  readStdin(): Promise<string>;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

export function consoleContext(config: Config): OpsContext {
  return {
    config,
    out: (text) => console.log(text),
    err: (text) => console.error(text),
    now: Date.now,
    readStdin: () => readAll(process.stdin),
  };
}

export interface Subcommand {
  help: string;
  run(args: string[], ctx: OpsContext): Promise<number>;
}

/**
 * Runs `<group> <subcommand> [args]`: help for the group and each subcommand, and the one place
 * expected failures become exit codes (usage 2; store in use, not found, conflicts 1).
 */
export async function runGroup(
  group: string,
  help: string,
  subcommands: Record<string, Subcommand>,
  argv: string[],
  ctx: OpsContext,
): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? ctx.out : ctx.err)(help);
    return name ? 0 : 2;
  }
  const sub = Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
  if (!sub) {
    ctx.err(`Unknown command "${group} ${name}".\n\n${help}`);
    return 2;
  }
  if (wantsHelp(args)) {
    ctx.out(sub.help);
    return 0;
  }
  try {
    return await sub.run(args, ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.err(`${error.message}\n\n${sub.help}`);
      return 2;
    }
    if (error instanceof StoreInUseError || error instanceof OpsError) {
      ctx.err(error.message);
      return 1;
    }
    if (error instanceof AppError) {
      ctx.err(translate(error.key, Language.EnUS, error.params));
      return 1;
    }
    throw error;
  }
}

/**
 * Opens the store for writing as 'ops', beside a running server if there is one: every write is an
 * SQLite transaction (or a MongoDB write) that the server reads at its next query, as it keeps no
 * copy of what ops commands change. Only the one-time move of a NeDB folder needs the server gone.
 */
export async function withWriteStorage<R>(
  config: Config,
  work: (storage: Storage) => Promise<R>,
): Promise<R> {
  const storage = await openStorage(config, 'ops');
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

/** The read-only source: never takes the lock, so it works while a server runs. */
export async function withReadSource<R>(
  config: Config,
  work: (source: ReadSource) => Promise<R>,
): Promise<R> {
  const source = await openReadSource(config);
  try {
    return await work(source);
  } finally {
    await source.close();
  }
}
