import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import type { Feed } from './ChannelFeed';

const HIGHLIGHT_MS = 1600;
/** Older pages read at most while looking for a quoted message. */
const MAX_PAGES = 25;

function flash(messageId: string): boolean {
  const element = document.querySelector<HTMLElement>(`[data-testid="message-${CSS.escape(messageId)}"]`);
  if (!element) return false;
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  element.dataset.flash = 'true';
  window.setTimeout(() => delete element.dataset.flash, HIGHLIGHT_MS);
  return true;
}

/**
 * A reply's quote clicked: scrolls to the original and flashes it, reading older pages until it
 * shows (bounded); says so when it is gone (deleted, or further back than we read).
 */
export function useJumpToMessage(feed: Feed): (messageId: string) => void {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<string | null>(null);
  const pages = useRef(0);
  const { status, olderStatus, hasMore, messages, deleted } = feed.state;

  useEffect(() => {
    if (!wanted || status !== 'ready' || olderStatus === 'loading') return;
    const stop = () => {
      pages.current = 0;
      setWanted(null);
    };
    if (messages[wanted] && flash(wanted)) return stop();
    if (deleted[wanted] || !hasMore || olderStatus === 'error' || pages.current >= MAX_PAGES) {
      notify.error(t('social.originalGone'));
      return stop();
    }
    pages.current += 1;
    feed.loadOlder();
  }, [wanted, status, olderStatus, hasMore, messages, deleted, feed, t]);

  return useCallback((messageId: string) => {
    pages.current = 0;
    setWanted(messageId);
  }, []);
}
