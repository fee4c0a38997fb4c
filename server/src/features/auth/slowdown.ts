import { ErrorReason } from '@draw/shared';
import { AppError } from '../../errors';
import type { AuthRepository, SlowdownDoc } from './repository';

export interface SlowdownRule {
  /** Failures answered at once before waits begin. */
  free: number;
  /** The first wait; each later failure doubles it. */
  firstWaitMs: number;
  /** No wait is ever longer: a stranger's guesses slow the owner down, never lock them out. */
  maxWaitMs: number;
  /** Failures older than this (counted from the last one) are forgotten. */
  forgetAfterMs: number;
}

/** How long to wait after the `failures`-th failure in a row (0 while within the free ones). */
export function waitAfter(failures: number, rule: SlowdownRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** (failures - rule.free));
}

/** Concurrent attempts on one key each retry a lost compare-and-set; past this, the attempt is refused. */
const CLAIM_TRIES = 8;

const isDuplicateKey = (error: unknown) => error instanceof AppError && error.key === 'error.duplicate';

const refusal = (waitMs: number) =>
  new AppError(ErrorReason.RateLimited, 'error.rateLimited', {
    seconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });

/**
 * Growing delays between attempts on one key (an account), in the store, so every server process
 * sees them. Unlike a lockout, the longest wait is short (`maxWaitMs`): guessing from anywhere is
 * slowed to one try per wait, while the owner is never kept out for long.
 *
 * An attempt is counted before it is judged, by a compare-and-set on the document as read
 * (failures and time of the last one): of concurrent attempts, one wins each state and the others
 * read again and meet the wait it set, so they cannot all slip in.
 */
export function slowdown(docs: AuthRepository['slowdowns'], now: () => number) {
  return {
    /**
     * Counts one attempt as a failure until `clear` says it succeeded; refuses it with the seconds
     * to wait while the key's wait runs, unless `pastWait` (the attempt is counted all the same).
     */
    async take(key: string, rule: SlowdownRule, options: { pastWait?: boolean } = {}): Promise<void> {
      for (let tries = 0; tries < CLAIM_TRIES; tries++) {
        const at = now();
        const doc = await docs.of(key);
        const forgotten = !doc || doc.lastFailureAt + rule.forgetAfterMs <= at;
        if (doc && !forgotten && doc.nextAttemptAt > at && !options.pastWait)
          throw refusal(doc.nextAttemptAt - at);
        const failures = (forgotten ? 0 : doc.failures) + 1;
        const next: Omit<SlowdownDoc, '_id'> = {
          failures,
          lastFailureAt: at,
          nextAttemptAt: at + waitAfter(failures, rule),
        };
        if (!doc) {
          try {
            await docs.create({ _id: key, ...next });
            return;
          } catch (error) {
            if (!isDuplicateKey(error)) throw error;
            continue;
          }
        }
        const claimed = await docs.replaceIfUnchanged(doc, next);
        if (claimed) return;
      }
      throw refusal(rule.firstWaitMs);
    },
    /** The attempt succeeded: the key starts afresh. */
    async clear(key: string): Promise<void> {
      await docs.clear(key);
    },
  };
}
export type Slowdown = ReturnType<typeof slowdown>;
