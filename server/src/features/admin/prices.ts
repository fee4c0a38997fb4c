import { TaskAction } from '@draw/shared';
import { priceOf as sitePriceOf, type EnginePriceOverrides, type PriceOf } from '../billing/prices';

/** A price the console set: on one engine, or site-wide (`engine` null). */
export interface PriceOverride {
  engine: string | null;
  action: TaskAction;
  price: number;
}

/**
 * What each action costs, with the console's prices over the configured ones. The order: the
 * console's price on that engine, ENGINE_PRICES for that engine, the console's site-wide price,
 * the site's TASK_PRICES. Read synchronously on every charge: the console's prices are held here,
 * replaced whole when an admin changes one (and read from the store at start).
 */
export function livePricing(configured: EnginePriceOverrides) {
  let overrides: readonly PriceOverride[] = [];
  const overrideOf = (engine: string | null, action: TaskAction) =>
    overrides.find((o) => o.engine === engine && o.action === action)?.price;
  const priceOf: PriceOf = (action, engine) =>
    (engine === undefined ? undefined : (overrideOf(engine, action) ?? configured[engine]?.[action])) ??
    overrideOf(null, action) ??
    sitePriceOf(action);
  return {
    priceOf,
    pricesOn: (engine: string): Record<TaskAction, number> =>
      Object.fromEntries(
        Object.values(TaskAction).map((action) => [action, priceOf(action, engine)]),
      ) as Record<TaskAction, number>,
    sitePrices: (): Record<TaskAction, number> =>
      Object.fromEntries(Object.values(TaskAction).map((action) => [action, priceOf(action)])) as Record<
        TaskAction,
        number
      >,
    overrides: () => overrides,
    replace(next: readonly PriceOverride[]): void {
      overrides = next;
    },
  };
}
export type LivePricing = ReturnType<typeof livePricing>;
