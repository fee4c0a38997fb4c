import { randomBytes, randomInt } from 'node:crypto';
import { ErrorReason, type RedeemAnswer } from '@draw/shared';
import type { AdminCode } from '@draw/shared/routes';
import { AppError } from '../../errors';
import type { CreditsLedger } from './ledger';
import type { ProductsService } from './products';
import { LedgerKind, type BillingRepository, type RedeemCodeDoc } from './repository';

/** No 0/O, 1/I: codes are read off screens and typed by hand. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DAY_MS = 24 * 3600_000;
export const CODE_PARAM_PATTERN = /^[A-Za-z0-9 -]{4,64}$/;

export const CodeLimits = {
  maxCount: 10_000,
  maxUses: 100_000,
  maxCredits: 10_000_000,
  maxExpiresDays: 3650,
} as const;

/** `XXXX-XXXX-XXXX-XXXX`: 16 characters of 32 symbols, 80 random bits. */
export function newCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(0, ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** What a person typed (any case, spaces, with or without dashes) → the stored form. */
export function normalizeCode(raw: string): string {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.length === 16
    ? [0, 4, 8, 12].map((i) => compact.slice(i, i + 4)).join('-')
    : raw.trim().toUpperCase();
}

export interface MintInput {
  credits?: number;
  productId?: string;
  count?: number;
  /** How many different users may redeem each code (each once). */
  uses?: number;
  expiresDays?: number;
  note?: string;
}

/** A code as the console and the ops CLI list it. */
export type CodeUse = AdminCode;

/**
 * Where a code stands at `now`. Revoked wins over expired: a revoked code stays revoked once its
 * expiry passes. (Codes revoked before revoking had its own state were expired then: they read expired.)
 */
export function codeStateOf(doc: RedeemCodeDoc, now: number): CodeUse['state'] {
  if (doc.uses >= doc.maxUses) return 'used up';
  if (doc.revokedAt) return 'revoked';
  if (doc.expiresAt !== null && doc.expiresAt <= now) return 'expired';
  return doc.uses > 0 ? 'partly used' : 'unused';
}

/** What a code grants in words, for the CSV export and the ops CLI (the console words it itself). */
export function grantsText({ kind, credits, productId }: CodeUse['grants']): string {
  return kind === 'plan' ? `plan ${productId} (${credits} credits)` : `${credits} credits`;
}

export function codeUseOf(doc: RedeemCodeDoc, now: number): CodeUse {
  return {
    code: doc._id,
    batchId: doc.batchId,
    grants: { kind: doc.kind, credits: doc.credits, productId: doc.productId },
    uses: doc.uses,
    maxUses: doc.maxUses,
    expiresAt: doc.expiresAt,
    state: codeStateOf(doc, now),
    createdAt: doc.createdAt,
    note: doc.note ?? '',
  };
}

export interface CodesDeps {
  repo: Pick<BillingRepository, 'codes' | 'redemptions'>;
  ledger: CreditsLedger;
  products: ProductsService;
  now: () => number;
}

const bad = (detail: string) => new AppError(ErrorReason.BadRequest, 'error.validation', { detail });
const isConflict = (error: unknown) => error instanceof AppError && error.reason === ErrorReason.Conflict;
/** A redeem takes milliseconds: a use without its grant for this long was cut off by a crash. */
const REPAIR_GRACE_MS = 2 * 60_000;

/**
 * Redeem codes: each grants credits or a plan (with its credits), to at most `maxUses` different
 * users, each once, until it expires. A use is a redemption row (use number and user in one
 * insert); the ledger entry `code:<code>:<userId>` makes its grant happen once.
 */
export function codesService({ repo, ledger, products, now }: CodesDeps) {
  const { codes, redemptions } = repo;

  /** Grants what the code gives, once per code and user; `created` is false when it was granted before. */
  async function grantOnce(
    userId: string,
    doc: RedeemCodeDoc,
  ): Promise<{ created: boolean; answer: RedeemAnswer }> {
    const key = `code:${doc._id}:${userId}`;
    if (doc.kind === 'plan') {
      const product = doc.productId ? await products.get(doc.productId) : null;
      if (!product) throw new AppError(ErrorReason.BadRequest, 'billing.productUnknown');
      const { created, state } = await ledger.grantPlan(
        userId,
        key,
        { productId: product._id, name: product.name, period: product.period, credits: product.credits },
        { kind: LedgerKind.Code, code: doc._id },
      );
      return {
        created,
        answer: { kind: 'plan', credits: product.credits, plan: state.plan, balance: state.balance },
      };
    }
    const { created, state } = await ledger.grantCredits(userId, key, doc.credits, {
      kind: LedgerKind.Code,
      code: doc._id,
    });
    return { created, answer: { kind: 'credits', credits: doc.credits, plan: null, balance: state.balance } };
  }

  /**
   * Takes one use of the code for the user. One insert both takes use number `n` (the row's key)
   * and says who took it (unique per code and user), so no crash can leave a use taken by nobody.
   * Returns once the user holds a use: just taken, or taken by an earlier ask whose grant a crash
   * (or a parallel ask) has yet to finish.
   */
  async function claimUse(doc: RedeemCodeDoc, userId: string): Promise<void> {
    let next = doc.uses + 1;
    while (next <= doc.maxUses) {
      const at = now();
      try {
        await redemptions.claim({
          _id: `${doc._id}#${next}`,
          code: doc._id,
          userId,
          use: next,
          at,
          claimedAt: at,
          grantedAt: null,
        });
        return await countUse(doc._id, next);
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
      const mine = await redemptions.ofUser(doc._id, userId);
      if (mine?.claimedAt) return await countUse(doc._id, mine.use);
      // A row from before use numbers whose claim never happened: drop it and take a use now.
      if (mine) await redemptions.dropUnclaimed(mine._id);
      else next = Math.max(next + 1, ((await codes.byCode(doc._id))?.uses ?? 0) + 1);
    }
    throw new AppError(ErrorReason.Conflict, 'billing.codeUsed');
  }

  /** The code's counter shows how far its uses went (the rows are the truth): it only moves forward. */
  async function countUse(code: string, use: number | undefined): Promise<void> {
    if (use) await codes.raiseUses(code, use);
  }

  const markGranted = (code: string, userId: string) => redemptions.markGranted(code, userId, now());

  return {
    async mint(input: MintInput): Promise<{ batchId: string; codes: RedeemCodeDoc[] }> {
      const count = input.count ?? 1;
      const maxUses = input.uses ?? 1;
      if ((input.credits === undefined) === (input.productId === undefined))
        throw bad('give either credits or a product');
      if (
        input.credits !== undefined &&
        (!Number.isInteger(input.credits) || input.credits < 1 || input.credits > CodeLimits.maxCredits)
      )
        throw bad(`credits must be a whole number from 1 to ${CodeLimits.maxCredits}`);
      if (!Number.isInteger(count) || count < 1 || count > CodeLimits.maxCount)
        throw bad(`count must be from 1 to ${CodeLimits.maxCount}`);
      if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > CodeLimits.maxUses)
        throw bad(`uses must be from 1 to ${CodeLimits.maxUses}`);
      if (
        input.expiresDays !== undefined &&
        (!(input.expiresDays > 0) || input.expiresDays > CodeLimits.maxExpiresDays)
      )
        throw bad(`expires-days must be from 1 to ${CodeLimits.maxExpiresDays}`);
      let credits = input.credits ?? 0;
      if (input.productId !== undefined) {
        const product = await products.get(input.productId);
        if (!product) throw new AppError(ErrorReason.BadRequest, 'billing.productUnknown');
        credits = product.credits;
      }
      const at = now();
      const batchId = `b-${new Date(at).toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex')}`;
      const docs: RedeemCodeDoc[] = Array.from({ length: count }, () => ({
        _id: newCode(),
        batchId,
        kind: input.productId !== undefined ? ('plan' as const) : ('credits' as const),
        credits,
        productId: input.productId ?? null,
        maxUses,
        uses: 0,
        expiresAt: input.expiresDays !== undefined ? at + Math.round(input.expiresDays * DAY_MS) : null,
        revokedAt: null,
        createdAt: at,
        note: input.note ?? '',
      }));
      return { batchId, codes: await codes.createMany(docs) };
    },

    async list(batchId?: string): Promise<CodeUse[]> {
      const at = now();
      return (await codes.list(batchId)).map((doc) => codeUseOf(doc, at));
    },

    /**
     * Revokes the codes nobody has redeemed yet (a batch's, or those listed); used, expired and
     * already revoked ones stay as they are. Returns how many were revoked now.
     */
    async revokeUnused(target: { batchId?: string; codes?: readonly string[] }): Promise<number> {
      const { matched } = await codes.revokeUnused(
        {
          ...(target.batchId ? { batchId: target.batchId } : {}),
          ...(target.codes ? { codes: target.codes.map(normalizeCode) } : {}),
        },
        now(),
      );
      return matched;
    },

    async redeem(userId: string, raw: string): Promise<RedeemAnswer> {
      const code = normalizeCode(raw);
      const doc = await codes.byCode(code);
      if (!doc) throw new AppError(ErrorReason.BadRequest, 'billing.codeUnknown');
      if (await ledger.hasEntry(`code:${code}:${userId}`))
        throw new AppError(ErrorReason.Conflict, 'billing.codeAlreadyRedeemed');
      if (doc.revokedAt) throw new AppError(ErrorReason.Gone, 'billing.codeRevoked');
      if (doc.expiresAt !== null && doc.expiresAt <= now())
        throw new AppError(ErrorReason.Gone, 'billing.codeExpired');
      await claimUse(doc, userId);
      const { created, answer } = await grantOnce(userId, doc);
      // A parallel ask by the same user granted it first.
      if (!created) throw new AppError(ErrorReason.Conflict, 'billing.codeAlreadyRedeemed');
      await markGranted(code, userId);
      return answer;
    },

    /**
     * Uses taken whose grant a crash cut off, granted now (the ledger entry makes it once). Rows
     * younger than a grace period belong to asks still under way.
     */
    async repair(): Promise<{ granted: number; failed: number }> {
      const cut = await redemptions.cutOff(now() - REPAIR_GRACE_MS, 500);
      let granted = 0;
      let failed = 0;
      for (const row of cut) {
        try {
          const doc = await codes.byCode(row.code);
          if (!doc) continue;
          await countUse(row.code, row.use);
          if ((await grantOnce(row.userId, doc)).created) granted += 1;
          await markGranted(row.code, row.userId);
        } catch {
          failed += 1; // e.g. the plan's product was removed: left for an operator
        }
      }
      return { granted, failed };
    },
  };
}
export type CodesService = ReturnType<typeof codesService>;
