import { ErrorReason } from '@draw/shared';
import { AppError } from '../../errors';
import type { AuthRepository } from './repository';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the store, so every server process sees the same counts. `hit` counts
 * one attempt; `check` refuses once the window is full, telling the user how long to wait.
 */
export function throttle(counters: AuthRepository['counters'], now: () => number) {
  async function current(key: string) {
    const doc = await counters.findOne({ _id: key });
    return doc && doc.windowEndsAt > now() ? doc : null;
  }
  return {
    async check(key: string, rule: ThrottleRule): Promise<void> {
      const doc = await current(key);
      if (doc && doc.count >= rule.limit) {
        throw new AppError(ErrorReason.RateLimited, 'error.rateLimited', {
          seconds: Math.max(1, Math.ceil((doc.windowEndsAt - now()) / 1000)),
        });
      }
    },
    async hit(key: string, rule: ThrottleRule): Promise<void> {
      const doc = await current(key);
      if (doc) await counters.updateOne({ _id: key }, { $inc: { count: 1 } });
      else {
        await counters.findOneAndUpdate(
          { _id: key },
          { $set: { count: 1, windowEndsAt: now() + rule.windowMs } },
          { upsert: true },
        );
      }
    },
    async clear(key: string): Promise<void> {
      await counters.deleteOne({ _id: key });
    },
  };
}
export type Throttle = ReturnType<typeof throttle>;
