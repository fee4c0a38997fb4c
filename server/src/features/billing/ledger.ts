import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorReason, Period, type CreditAccount, type PlanInfo, type TaskAction } from '@draw/shared';
import { AppError } from '../../errors';
import type { Billing, OpenCharge } from '../tasks/billing';
import { TASK_PRICES, priceOf as sitePrice, type PriceOf } from './prices';
import { LedgerKind, type BillingRepository, type LedgerDoc } from './repository';

const DAY_MS = 24 * 3600_000;
/** The product's day (daily allowance) runs on China Standard Time (UTC+8, no daylight saving). */
const DAY_OFFSET_MS = 8 * 3600_000;
const MAX_ATTEMPTS = 200;
const CHARGES_PAGE = 500;

export const PERIOD_MS: Record<Period, number> = {
  [Period.Day]: DAY_MS,
  [Period.Month]: 30 * DAY_MS,
  [Period.Year]: 365 * DAY_MS,
};

/** `YYYY-MM-DD` of the product's day (UTC+8) at `at`. */
export function dayOf(at: number): string {
  return new Date(at + DAY_OFFSET_MS).toISOString().slice(0, 10);
}

export interface AccountState {
  balance: number;
  free: number;
  plan: PlanInfo | null;
}

interface Change {
  kind: LedgerKind;
  delta: number;
  freeDelta: number;
  /** The plan after this entry; left out, the plan stays as it was. */
  plan?: PlanInfo | null;
  taskId?: string;
  action?: TaskAction;
  orderId?: string;
  code?: string;
  note?: string;
}

export interface PlanGrant {
  productId: string;
  name: string;
  period: Period;
  credits: number;
}

export interface LedgerDeps {
  repo: Pick<BillingRepository, 'ledger'>;
  /** FREE_DAILY_CREDITS. */
  dailyAllowance: number;
  now: () => number;
  /** What an action costs on an engine (ENGINE_PRICES); absent, the site's price everywhere. */
  priceOf?: PriceOf;
}

const isDuplicate = (error: unknown) =>
  error instanceof AppError && error.reason === ErrorReason.Conflict && error.key === 'error.duplicate';

/**
 * The credits ledger. Every change of a user's credits is one appended entry; the newest entry
 * holds the account's state, so the balance is always what the ledger says. Appends chain on
 * `(userId, seq)` (a unique index): a writer that read a stale state loses the insert and retries
 * on the new state, so concurrent spends can never take the balance below zero, on the embedded
 * store and on MongoDB alike, without transactions. Each entry's `_id` is an idempotency key, so a
 * refund, a payment or a redeem lands once however many times it is asked for.
 */
export function creditsLedger({ repo, dailyAllowance, now, priceOf = sitePrice }: LedgerDeps) {
  const { ledger } = repo;
  /** Users whose daily allowance is settled for `cachedDay` (saves two reads per charge). */
  let cachedDay = '';
  const dailyDone = new Set<string>();

  const latest = (userId: string) => ledger.latestOf(userId);
  const stateOf = (doc: LedgerDoc | null): AccountState =>
    doc
      ? { balance: doc.balanceAfter, free: doc.freeAfter, plan: doc.plan ?? null }
      : { balance: 0, free: 0, plan: null };

  /**
   * Appends the entry `key` for `userId` at most once. `compute` sees the current state and returns
   * the change, null to write nothing, or throws to refuse (e.g. not enough credits).
   */
  async function append(
    userId: string,
    key: string,
    compute: (state: AccountState) => Change | null,
  ): Promise<{ entry: LedgerDoc | null; created: boolean; state: AccountState }> {
    const landed = async (existing: LedgerDoc) => ({
      entry: existing,
      created: false,
      state: stateOf(await latest(userId)),
    });
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // A first try reads no key: the insert below refuses a key that exists (its unique _id), and
      // most keys are new (a fresh task's charge). Every other way out looks the key up first.
      // Looked up once per try: at its start on a retry, before a refusal or a no-op on the first.
      const keptOnFirstTry = () => (attempt === 0 ? ledger.byKey(key) : Promise.resolve(null));
      const existing = attempt > 0 ? await ledger.byKey(key) : null;
      if (existing) return landed(existing);
      const last = await latest(userId);
      const state = stateOf(last);
      let change: Change | null;
      try {
        change = compute(state);
      } catch (refusal) {
        const kept = await keptOnFirstTry();
        if (kept) return landed(kept);
        throw refusal;
      }
      if (!change) {
        const kept = await keptOnFirstTry();
        return kept ? landed(kept) : { entry: null, created: false, state };
      }
      const entry: LedgerDoc = {
        _id: key,
        userId,
        seq: (last?.seq ?? 0) + 1,
        kind: change.kind,
        delta: change.delta,
        freeDelta: change.freeDelta,
        balanceAfter: state.balance + change.delta,
        freeAfter: state.free + change.freeDelta,
        plan: change.plan === undefined ? state.plan : change.plan,
        at: now(),
        taskId: change.taskId ?? null,
        action: change.action ?? null,
        orderId: change.orderId ?? null,
        code: change.code ?? null,
        note: change.note ?? null,
      };
      if (entry.balanceAfter < 0 || entry.freeAfter < 0 || entry.freeAfter > entry.balanceAfter) {
        throw new Error(
          `ledger invariant broken by ${key}: balance ${entry.balanceAfter}, free ${entry.freeAfter}`,
        );
      }
      try {
        await ledger.append(entry);
        return { entry, created: true, state: stateOf(entry) };
      } catch (error) {
        if (!isDuplicate(error)) throw error;
        // Another append took this seq (or this key) first: read again and retry on the new state.
        if (attempt >= 3) await sleep(Math.floor(Math.random() * Math.min(20, attempt)));
      }
    }
    throw new AppError(ErrorReason.Conflict, 'billing.busy');
  }

  /** Tops today's free part up to the allowance, once per user per day, on first charge or read. */
  async function ensureDaily(userId: string): Promise<void> {
    const day = dayOf(now());
    if (day !== cachedDay) {
      cachedDay = day;
      dailyDone.clear();
    }
    if (dailyDone.has(userId)) return;
    await append(userId, `daily:${userId}:${day}`, (state) => {
      // Free credits do not roll over: the allowance is topped up (or trimmed) to the daily amount.
      const freeDelta = dailyAllowance - state.free;
      if (freeDelta === 0 && dailyAllowance === 0) return null;
      return { kind: LedgerKind.Daily, delta: freeDelta, freeDelta, note: day };
    });
    dailyDone.add(userId);
  }

  function extendPlan(state: AccountState, grant: PlanGrant): PlanInfo {
    const at = now();
    const current = state.plan && state.plan.expiresAt > at ? state.plan.expiresAt : at;
    return {
      productId: grant.productId,
      name: grant.name,
      period: grant.period,
      expiresAt: current + PERIOD_MS[grant.period],
    };
  }

  const billing: Billing = {
    async charge(userId: string, taskId: string, action: TaskAction, engine?: string): Promise<number> {
      const cost = priceOf(action, engine);
      if (cost <= 0) return 0;
      await ensureDaily(userId);
      const { entry } = await append(userId, `spend:${taskId}`, (state) => {
        if (state.balance < cost) {
          throw new AppError(ErrorReason.InsufficientCredits, 'billing.insufficientCredits', {
            cost,
            balance: state.balance,
          });
        }
        const fromFree = Math.min(state.free, cost);
        return { kind: LedgerKind.Spend, delta: -cost, freeDelta: -fromFree, taskId, action };
      });
      return entry ? -entry.delta : cost;
    },

    async refund(taskId: string): Promise<void> {
      const spend = await ledger.byKey(`spend:${taskId}`);
      if (!spend) return; // nothing was charged (free task, or the charge itself was refused)
      await append(spend.userId, `refund:${taskId}`, () => ({
        kind: LedgerKind.Refund,
        delta: -spend.delta,
        freeDelta: -spend.freeDelta,
        taskId,
        action: spend.action ?? undefined,
      }));
    },

    async openCharges(since: number): Promise<OpenCharge[]> {
      const open: OpenCharge[] = [];
      // Paged in (at, _id) order, the index's, so a long history is read in bounded pieces and
      // each page starts where the last ended without sorting anything.
      for (let after = { at: since, id: '' }; ;) {
        const spends = await ledger.spendsAfter(after, CHARGES_PAGE);
        if (spends.length === 0) return open;
        const last = spends.at(-1)!;
        after = { at: last.at, id: last._id };
        const refunds = await ledger.refundsOf(
          spends.flatMap((spend) => (spend.taskId ? [spend.taskId] : [])),
        );
        const refunded = new Set(refunds.map((refund) => refund.taskId));
        for (const spend of spends) {
          if (spend.taskId && !refunded.has(spend.taskId))
            open.push({ taskId: spend.taskId, userId: spend.userId, at: spend.at });
        }
      }
    },
  };

  /** The account as the user sees it (today's allowance settled first). */
  async function account(userId: string): Promise<CreditAccount> {
    await ensureDaily(userId);
    const state = stateOf(await latest(userId));
    return {
      balance: state.balance,
      free: state.free,
      dailyAllowance,
      plan: state.plan && state.plan.expiresAt > now() ? state.plan : null,
      // The site's prices as charged now (the console may set them over TASK_PRICES).
      prices: Object.fromEntries(
        Object.keys(TASK_PRICES).map((action) => [action, priceOf(action as TaskAction)]),
      ) as typeof TASK_PRICES,
    };
  }

  return {
    billing,
    ensureDaily,
    account,

    /** For GET /api/draw/info: the plan's name, the balance and when the plan ends. */
    async planOf(
      userId: string,
    ): Promise<{ plan: string | null; credits: number | null; renewsAt: number | null }> {
      const current = await account(userId);
      return {
        plan: current.plan?.name ?? null,
        credits: current.balance,
        renewsAt: current.plan?.expiresAt ?? null,
      };
    },

    /** Grants a plan period and its credits once per `key`. */
    async grantPlan(
      userId: string,
      key: string,
      grant: PlanGrant,
      refs: { kind: LedgerKind; orderId?: string; code?: string },
    ) {
      return append(userId, key, (state) => ({
        kind: refs.kind,
        delta: grant.credits,
        freeDelta: 0,
        plan: extendPlan(state, grant),
        orderId: refs.orderId,
        code: refs.code,
        note: grant.name,
      }));
    },

    /** Grants credits once per `key`. */
    async grantCredits(
      userId: string,
      key: string,
      credits: number,
      refs: { kind: LedgerKind; code?: string; note?: string },
    ) {
      return append(userId, key, () => ({
        kind: refs.kind,
        delta: credits,
        freeDelta: 0,
        code: refs.code,
        note: refs.note,
      }));
    },

    /**
     * An operator's adjustment, once per `key`: adds credits, or takes them (the paid part first,
     * then today's free part), never below zero. The person sees it in their ledger.
     */
    async adjust(userId: string, key: string, delta: number, note: string) {
      await ensureDaily(userId);
      return append(userId, key, (state) => {
        if (state.balance + delta < 0)
          throw new AppError(ErrorReason.BadRequest, 'admin.belowZero', { balance: state.balance, delta });
        const paid = state.balance - state.free;
        const freeDelta = delta < 0 && -delta > paid ? delta + paid : 0;
        return { kind: LedgerKind.Adjust, delta, freeDelta, note };
      });
    },

    async hasEntry(key: string): Promise<boolean> {
      return ledger.hasKey(key);
    },

    /** Newest first. */
    entries(userId: string, limit = 50): Promise<LedgerDoc[]> {
      return ledger.newestOf(userId, limit);
    },
  };
}
export type CreditsLedger = ReturnType<typeof creditsLedger>;
