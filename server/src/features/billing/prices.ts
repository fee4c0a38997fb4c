import { TASK_PRICES, TaskAction } from '@draw/shared';

/**
 * What each task costs, in credits: each action's `price` in the shared action table. A task that
 * makes a new 2×2 grid (or repaints, extends or blends) costs 2; picking one image out of a grid
 * (upscale) and the text-only tasks cost 1; a clip (Animate, Extend) is many frames of work: 4.
 * Failed and cancelled tasks are refunded in full.
 */
export { TASK_PRICES };

export function priceOf(action: TaskAction): number {
  return TASK_PRICES[action] ?? 2;
}

/** Per engine, the actions priced apart from the site (ENGINE_PRICES). */
export type EnginePriceOverrides = Readonly<
  Record<string, Readonly<Partial<Record<TaskAction, number>>> | undefined>
>;

/** What an action costs on an engine: its own price when ENGINE_PRICES sets one, else the site's. */
export type PriceOf = (action: TaskAction, engine?: string) => number;

export function enginePricing(overrides: EnginePriceOverrides = {}) {
  const priceOn: PriceOf = (action, engine) =>
    (engine === undefined ? undefined : overrides[engine]?.[action]) ?? priceOf(action);
  return {
    priceOf: priceOn,
    /** Every action's price on this engine. */
    pricesOn: (engine: string): Record<TaskAction, number> =>
      Object.fromEntries(
        Object.values(TaskAction).map((action) => [action, priceOn(action, engine)]),
      ) as Record<TaskAction, number>,
  };
}
export type EnginePricing = ReturnType<typeof enginePricing>;
