import type { TaskAction } from '@draw/shared';

/** A charge that has not been given back (yet): the reconciliation sweep decides whether it should be. */
export interface OpenCharge {
  taskId: string;
  userId: string;
  /** When it was charged (epoch ms). */
  at: number;
}

/**
 * What a task costs and who pays. The credits ledger implements it; until plans exist every task
 * is free. `charge` refuses (throws) when the user cannot pay; `refund` is idempotent per task (a
 * second refund of the same task changes nothing, however many processes ask at once).
 */
export interface Billing {
  /** Charges the action's price on `engine` (ENGINE_PRICES, else the site's); answers what was charged. */
  charge(userId: string, taskId: string, action: TaskAction, engine?: string): Promise<number>;
  refund(taskId: string): Promise<void>;
  /** Charges made at or after `since` that have no refund: a crash can leave a failed task among them. */
  openCharges(since: number): Promise<OpenCharge[]>;
}

export const freeBilling: Billing = {
  charge: async () => 0,
  refund: async () => undefined,
  openCharges: async () => [],
};
