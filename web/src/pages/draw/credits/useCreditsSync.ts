import type { Task } from '@draw/shared';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { getLiveConnection } from '../../../live/connection';
import { useChannelEvents, useCurrentChannel } from '../../../live/hooks';
import { userInfoStore } from '../../../stores/userInfo';
import { isRefunded, movesBalance } from './creditRules';
import { refreshCredits } from './creditsStore';

/** A refund is written just after the event that ends the task: read once more a moment later. */
export const REFUND_SETTLE_MS = 1_500;
/** Focus comes back often (alt-tab): at most one read per this long. */
export const FOCUS_MIN_GAP_MS = 10_000;

/**
 * Keeps `billingStore.account` current while the drawing screen is open: at once, when one of
 * the person's own tasks is made or ends (the open channel's live events), when an admin changes
 * the balance (`credits:changed`), and when the window comes back. The subscribe dialog refreshes it itself after a payment or a redeem.
 */
export function useCreditsSync(): void {
  const me = useSnapshot(userInfoStore).id;
  const channel = useCurrentChannel();

  useEffect(() => {
    void refreshCredits();
  }, [me]);

  // An admin's adjustment (`credits:changed`): the whole account is read again (plan, free credits).
  useEffect(() => getLiveConnection().listen({ creditsChanged: () => void refreshCredits() }), []);

  useEffect(() => {
    let last = Date.now();
    const onFocus = () => {
      if (document.visibilityState === 'hidden' || !navigator.onLine) return;
      if (Date.now() - last < FOCUS_MIN_GAP_MS) return;
      last = Date.now();
      void refreshCredits();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, []);

  const refundTimers = useRef(new Set<number>());
  useEffect(() => {
    const timers = refundTimers.current;
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  useChannelEvents(channel?.id ?? null, (event) => {
    if (event.type !== 'task.created' && event.type !== 'task.updated') return;
    const task = event.data as Task;
    if (!movesBalance(event.type, task, me)) return;
    void refreshCredits();
    if (isRefunded(task)) {
      const timer = window.setTimeout(() => {
        refundTimers.current.delete(timer);
        void refreshCredits();
      }, REFUND_SETTLE_MS);
      refundTimers.current.add(timer);
    }
  });
}
