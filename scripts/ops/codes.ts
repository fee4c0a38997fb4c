import type { Config } from '../../server/src/config';
import {
  codeUseOf,
  codesService,
  grantsText,
  type CodeUse,
  type MintInput,
} from '../../server/src/features/billing/codes';
import { creditsLedger } from '../../server/src/features/billing/ledger';
import {
  billingRepository,
  RedeemCodes,
  type RedeemCodeDoc,
} from '../../server/src/features/billing/repository';
import type { Storage } from '../../server/src/storage/port';
import { parseCommand, parseCount, UsageError } from './args';
import { runGroup, withReadSource, withWriteStorage, type OpsContext, type Subcommand } from './command';
import { productsOn } from './products';
import { pairs, table, time } from './output';
import type { ReadSource } from './source';

const MINT_HELP = `Usage: npm run ops -- codes mint (--credits N | --product ID) [--count N] [--uses N]
                              [--expires-days N] [--note TEXT] [--json]

Mints a batch of redeem codes (XXXX-XXXX-XXXX-XXXX) and prints them, one per line after the
batch summary. Each code grants --credits, or the plan --product (one period, with its credits).
--count codes (default 1); each can be redeemed by --uses different users (default 1), each
user once; --expires-days makes them stop working after that many days (default: never).
Writes the store: refused while a server holds the embedded data folder.`;

const LIST_HELP = `Usage: npm run ops -- codes list [--batch ID] [--json]

Lists redeem codes, newest first (or one batch): what each grants, how many uses are taken,
when it expires, and its state (unused, partly used, used up, expired). Read-only: works while
the server runs.`;

export const CODES_HELP = `Usage: npm run ops -- codes <command>

Commands:
  mint (--credits N | --product ID) [--count N] [--uses N] [--expires-days N] [--note TEXT]
                               Mint a batch of redeem codes
  list [--batch ID] [--json]   Codes and how they were used

Run a command with --help for details.`;

/** Mints codes on a store opened for writing (products seeded first, so --product ids exist). */
export async function mintOn(
  storage: Storage,
  input: MintInput,
  now: () => number,
): Promise<{ batchId: string; codes: RedeemCodeDoc[] }> {
  const repo = billingRepository(storage);
  const products = await productsOn(storage, now);
  const ledger = creditsLedger({ repo, dailyAllowance: 0, now });
  return codesService({ repo, ledger, products, now }).mint(input);
}

/** Opens the store for writing and mints (what `codes mint` does); refused while a server holds the embedded store. */
export function mintCodes(config: Config, input: MintInput, now: () => number = Date.now) {
  return withWriteStorage(config, (storage) => mintOn(storage, input, now));
}

export async function listCodes(source: ReadSource, now: number, batchId?: string): Promise<CodeUse[]> {
  const docs = batchId ? await source.where(RedeemCodes, { batchId }) : await source.all(RedeemCodes);
  return docs
    .sort((a, b) => b.createdAt - a.createdAt || a._id.localeCompare(b._id))
    .map((doc) => codeUseOf(doc, now));
}

export function formatCodes(codes: readonly CodeUse[]): string {
  if (codes.length === 0) return 'No redeem codes.';
  const rows = codes.map((c) => [
    c.code,
    c.batchId,
    grantsText(c.grants),
    `${c.uses}/${c.maxUses}`,
    c.expiresAt === null ? 'never' : time(c.expiresAt),
    c.state,
  ]);
  const used = codes.reduce((sum, c) => sum + c.uses, 0);
  return `${table(['code', 'batch', 'grants', 'uses', 'expires', 'state'], rows)}\n\n${codes.length} codes, ${used} uses taken`;
}

function positive(option: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = parseCount(option, raw, 0);
  if (value < 1) throw new UsageError(`--${option} must be at least 1.`);
  return value;
}

const subcommands: Record<string, Subcommand> = {
  mint: {
    help: MINT_HELP,
    async run(args, ctx) {
      const { values } = parseCommand(args, {
        credits: { type: 'string' },
        product: { type: 'string' },
        count: { type: 'string' },
        uses: { type: 'string' },
        'expires-days': { type: 'string' },
        note: { type: 'string' },
        json: { type: 'boolean' },
      });
      if ((values.credits === undefined) === (values.product === undefined))
        throw new UsageError('Give either --credits N or --product ID.');
      const input: MintInput = {
        credits: positive('credits', values.credits),
        productId: values.product,
        count: positive('count', values.count),
        uses: positive('uses', values.uses),
        expiresDays: positive('expires-days', values['expires-days']),
        note: values.note,
      };
      const { batchId, codes } = await mintCodes(ctx.config, input, ctx.now);
      const first = codes[0]!;
      if (values.json) {
        ctx.out(
          JSON.stringify(
            {
              batchId,
              codes: codes.map((c) => c._id),
              grants:
                first.kind === 'plan'
                  ? { productId: first.productId, credits: first.credits }
                  : { credits: first.credits },
              uses: first.maxUses,
              expiresAt: first.expiresAt,
            },
            null,
            2,
          ),
        );
        return 0;
      }
      ctx.out(
        `Minted ${codes.length} code${codes.length === 1 ? '' : 's'}\n${pairs([
          ['batch', batchId],
          [
            'grants',
            first.kind === 'plan'
              ? `plan ${first.productId} (${first.credits} credits)`
              : `${first.credits} credits`,
          ],
          ['uses per code', first.maxUses],
          ['expires', first.expiresAt === null ? 'never' : time(first.expiresAt)],
        ])}\n`,
      );
      for (const code of codes) ctx.out(code._id);
      return 0;
    },
  },
  list: {
    help: LIST_HELP,
    async run(args, ctx) {
      const { values } = parseCommand(args, { batch: { type: 'string' }, json: { type: 'boolean' } });
      const codes = await withReadSource(ctx.config, (source) => listCodes(source, ctx.now(), values.batch));
      ctx.out(values.json ? JSON.stringify(codes, null, 2) : formatCodes(codes));
      return 0;
    },
  },
};

export const runCodes = (argv: string[], ctx: OpsContext) =>
  runGroup('codes', CODES_HELP, subcommands, argv, ctx);
