import type { TaskAction } from '@draw/shared';

/**
 * What a task costs and who pays. The credits ledger implements it; until plans exist every task
 * is free. `charge` refuses (throws) when the user cannot pay; `refund` is idempotent per task.
 */
export interface Billing {
  charge(userId: string, taskId: string, action: TaskAction): Promise<number>;
  refund(taskId: string): Promise<void>;
}

export const freeBilling: Billing = {
  charge: async () => 0,
  refund: async () => undefined,
};
