import { applySignedInUser } from '../lib/account';
import { seedPause } from '../pages/draw/composer/submitPause';
import type { SignedInSession } from './guard';

/**
 * A signed-in session refreshed (at load and each navigation): the user info kept, and the
 * person's drawing pause, so a page loaded during one shows the composer's countdown at once
 * rather than at the next refused submit. The pause is not user info: it is never saved.
 */
export function applySession({ pausedUntil, ...user }: SignedInSession): void {
  applySignedInUser(user);
  seedPause(pausedUntil ?? null);
}
