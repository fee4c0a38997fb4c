import type { CreditAccount } from '@draw/shared';
import { useSnapshot } from 'valtio';
import { fetchAccount } from '../subscribe/api';
import { billingStore } from '../subscribe/billingStore';

/**
 * The person's credit account has one owner: `billingStore.account` (the subscribe dialog writes
 * it after a payment or a redeem). The meter, the cost hints and the dialog all read it there;
 * this module only refreshes it from outside the dialog.
 */
let inFlight: Promise<void> | null = null;
let again = false;

async function load(): Promise<void> {
  try {
    billingStore.account = await fetchAccount();
  } catch {
    /* toasted by the client; what is shown stays */
  }
}

/**
 * Reads the balance again. Calls that arrive while one runs are folded into one more read after
 * it, so a burst of task events costs two requests, and the last answer is never a stale one.
 */
export function refreshCredits(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  inFlight = (async () => {
    do {
      again = false;
      await load();
    } while (again);
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export function useCreditAccount(): CreditAccount | null {
  return useSnapshot(billingStore).account as CreditAccount | null;
}

export function useCreditPrices(): CreditAccount['prices'] | null {
  return useCreditAccount()?.prices ?? null;
}
