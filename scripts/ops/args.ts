import { parseArgs } from 'node:util';

/** Wrong or missing arguments: the command prints its help and exits with 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** An expected failure (not found, already exists): the message is printed, exit code 1. */
export class OpsError extends Error {
  override name = 'OpsError';
}

type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: false };
type Options = Record<string, OptionSpec>;
type Values<O extends Options> = { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };

export const wantsHelp = (args: readonly string[]) => args.includes('--help') || args.includes('-h');

/**
 * Strict `node:util` parsing for one command: unknown options, missing values and a wrong number
 * of positionals become a UsageError with a readable message.
 */
export function parseCommand<O extends Options>(
  args: readonly string[],
  options: O,
  positionals: { min?: number; max?: number; names?: string } = {},
): { values: Values<O>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { min = 0, max = 0, names = 'arguments' } = positionals;
  if (parsed.positionals.length < min) throw new UsageError(`Missing ${names}.`);
  if (parsed.positionals.length > max)
    throw new UsageError(`Unexpected argument "${parsed.positionals[max]}".`);
  return { values: parsed.values as Values<O>, positionals: parsed.positionals };
}

export function parseBoolean(option: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new UsageError(`--${option} takes true or false (got "${raw}").`);
}

export function parseCount(option: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${option} takes a whole number (got "${raw}").`);
  return Number(raw);
}
