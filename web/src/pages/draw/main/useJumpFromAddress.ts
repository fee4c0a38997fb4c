import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Feed } from './ChannelFeed';

const HIGHLIGHT_MS = 1600;

/** Scrolls a task's card into view and flashes it. */
export function jumpToTask(taskId: string): void {
  const element = document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(taskId)}"]`);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  element.classList.add('bg-warning/10');
  window.setTimeout(() => element.classList.remove('bg-warning/10'), HIGHLIGHT_MS);
}

/** Older pages read at most while looking for a task asked for in the address (`?task=`). */
const MAX_PAGES_TO_FIND = 25;

/**
 * `/draw/{channel}?task={id}` (the archive's "open in channel"): loads older pages until the
 * task's card is there, then scrolls to it and flashes it; gives up after a bounded number of pages.
 */
export function useJumpFromAddress(feed: Feed): void {
  const [params, setParams] = useSearchParams();
  // Task ids are word characters: anything else in the address is not one.
  const asked = params.get('task');
  const wanted = asked && /^[\w-]{1,64}$/.test(asked) ? asked : null;
  const pagesRead = useRef(0);
  const { status, olderStatus, hasMore, tasks } = feed.state;
  useEffect(() => {
    if (!wanted || status !== 'ready' || olderStatus === 'loading') return;
    const done = () => {
      pagesRead.current = 0;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('task');
          return next;
        },
        { replace: true },
      );
    };
    if (tasks[wanted] && document.querySelector(`[data-task-id="${CSS.escape(wanted)}"]`)) {
      jumpToTask(wanted);
      return done();
    }
    if (!hasMore || olderStatus === 'error' || pagesRead.current >= MAX_PAGES_TO_FIND) return done();
    pagesRead.current += 1;
    feed.loadOlder();
  }, [wanted, status, olderStatus, hasMore, tasks, feed, setParams]);
}
