import { ArrowDownIcon, HashIcon, Loader2Icon, RotateCwIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import type { Feed } from '../main/ChannelFeed';
import { HowToDraw } from './HowToDraw';
import { MessageRow } from './MessageRow';
import { entriesOf, outboxStore } from './outbox';
import { PendingMessageRow } from './PendingMessageRow';
import { buildRows, formatDate } from './rows';
import {
  isNearBottom,
  isNearTop,
  keepPositionAfterPrepend,
  listChange,
  wasNearBottom,
  type ListEdges,
} from './scroll';

export interface MessageListProps {
  feed: Feed;
  channelTitle: string;
  me: string;
  isCreator: boolean;
}

function DateDivider({ day }: { day: number }) {
  const { i18n } = useTranslation();
  const label = formatDate(day, i18n.language, 'long');
  return (
    <div
      role="separator"
      aria-label={label}
      className="relative mx-4 mt-6 mb-2 flex h-0 items-center justify-center border-t border-black/10 dark:border-white/10"
    >
      <span className="bg-main px-1 text-xs font-semibold text-muted-foreground">{label}</span>
    </div>
  );
}

/** The top of a channel; `teachIn` (an empty channel's id) adds how to draw there. */
function ChannelStart({ title, teachIn }: { title: string; teachIn: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="px-4 pt-8 pb-2 sm:px-4" data-testid="channel-start">
      <div className="mb-3 flex size-[68px] items-center justify-center rounded-full bg-secondary text-heading dark:bg-[#41434a]">
        <HashIcon className="size-10" aria-hidden />
      </div>
      <h2 className="text-[28px] leading-tight font-bold text-heading sm:text-[32px]">
        {t('main.welcomeTitle', { title })}
      </h2>
      <p className="mt-2 text-base text-muted-foreground">{t('main.welcomeText', { title })}</p>
      {teachIn && <HowToDraw channelId={teachIn} />}
    </div>
  );
}

function LoadingRows() {
  return (
    <div className="flex flex-col gap-6 px-4 py-4" aria-hidden>
      {[68, 44, 80, 56].map((width) => (
        <div key={width} className="flex gap-4">
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3.5" style={{ width: `${width}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The channel's messages, newest at the bottom (a `role="log"` live region). Follows new
 * messages only when the reader is already near the bottom; otherwise offers a jump. Scrolling
 * to the top loads older messages without moving what the reader is looking at.
 */
export function MessageList({ feed, channelTitle, me, isCreator }: MessageListProps) {
  const { t } = useTranslation();
  const { state, items, loadOlder, reload } = feed;
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const lastId = items.at(-1)?.message.id ?? null;
  const [seenLastId, setSeenLastId] = useState<string | null>(lastId);
  /** The newest message the list showed while pinned to the bottom: what the reader has seen. */
  const pinnedLastIdRef = useRef(lastId);
  const rows = useMemo(() => buildRows(items), [items]);
  const outbox = useSnapshot(outboxStore);
  const pending = entriesOf(outbox.entries, state.channelId);
  const pendingCount = useRef(pending.length);

  const edges: ListEdges = { first: items[0]?.message.id ?? null, last: lastId, count: items.length };
  const previous = useRef<{ edges: ListEdges; height: number }>({
    edges: { first: null, last: null, count: 0 },
    height: 0,
  });

  // Keep the reading position when older messages come in above; follow new ones at the bottom.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const before = previous.current;
    const change = listChange(before.edges, edges, new Set(items.map((item) => item.message.id)));
    if (change.prepended && !atBottomRef.current) {
      box.scrollTop = keepPositionAfterPrepend(box.scrollTop, before.height, box.scrollHeight);
    }
    // Sending a message takes you to it, as in Discord (its pending row first, then the message).
    const pendingAdded = pending.length > pendingCount.current;
    pendingCount.current = pending.length;
    const sentByMe = pendingAdded || (change.appended && items.at(-1)?.message.author.id === me);
    if (sentByMe) atBottomRef.current = true;
    if (change.initial || sentByMe || (atBottomRef.current && wasNearBottom(box, before.height))) {
      box.scrollTop = box.scrollHeight;
      pinnedLastIdRef.current = lastId;
    }
    previous.current = { edges, height: box.scrollHeight };
  });

  // Images load and previews grow: stay pinned to the bottom while the reader is there.
  useEffect(() => {
    const box = scrollRef.current;
    const content = contentRef.current;
    if (!box || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottomRef.current && wasNearBottom(box, previous.current.height))
        box.scrollTop = box.scrollHeight;
      previous.current = { ...previous.current, height: box.scrollHeight };
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  // A short first page that does not fill the screen: keep loading older ones.
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || state.status !== 'ready' || !state.hasMore || state.olderStatus !== 'idle') return;
    if (box.scrollHeight <= box.clientHeight + 40) loadOlder();
  }, [items.length, loadOlder, state.hasMore, state.olderStatus, state.status]);

  function onScroll() {
    const box = scrollRef.current;
    if (!box) return;
    const near = isNearBottom(box);
    if (near) {
      pinnedLastIdRef.current = lastId;
      setSeenLastId(lastId);
    } else if (atBottomRef.current) {
      // Leaving the bottom: seen is what showed while pinned, not what arrived since (a message
      // can land between the scroll and this event).
      setSeenLastId(pinnedLastIdRef.current);
    }
    atBottomRef.current = near;
    setAtBottom(near);
    if (isNearTop(box) && state.hasMore && state.olderStatus === 'idle') loadOlder();
  }

  function jumpToBottom() {
    const box = scrollRef.current;
    if (!box) return;
    atBottomRef.current = true;
    box.scrollTo({ top: box.scrollHeight, behavior: 'smooth' });
    pinnedLastIdRef.current = lastId;
    setSeenLastId(lastId);
  }

  const unseen = !atBottom && lastId !== null && lastId !== seenLastId;
  const lastAuthorIsMe = items.at(-1)?.message.author.id === me;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('feed.label')}
        aria-busy={state.status === 'loading' || undefined}
        tabIndex={0}
        data-testid="message-list"
        className="scrollbar-thin min-h-0 flex-1 overflow-x-hidden overflow-y-auto outline-none [overflow-anchor:none] focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset"
      >
        <div ref={contentRef} className="flex min-h-full flex-col justify-end pb-6">
          {state.status === 'ready' && !state.hasMore && (
            <ChannelStart
              title={channelTitle}
              teachIn={items.length === 0 && pending.length === 0 ? state.channelId : null}
            />
          )}
          {state.hasMore && state.olderStatus !== 'error' && (
            <div
              className="flex justify-center py-4 text-muted-foreground"
              aria-hidden={state.olderStatus !== 'loading'}
            >
              <Loader2Icon
                className={cn('size-5 animate-spin', state.olderStatus !== 'loading' && 'opacity-40')}
                aria-label={t('feed.loadingOlder')}
              />
            </div>
          )}
          {state.olderStatus === 'error' && (
            <div className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground">
              {t('feed.olderFailed')}
              <button
                type="button"
                onClick={loadOlder}
                className="font-medium text-[#006ce7] hover:underline dark:text-[#00a8fc]"
              >
                {t('feed.retry')}
              </button>
            </div>
          )}
          {(state.status === 'idle' || state.status === 'loading') && items.length === 0 && (
            <div role="status" aria-label={t('feed.loading')}>
              <LoadingRows />
            </div>
          )}
          {state.status === 'error' && items.length === 0 && (
            <div className="m-auto flex flex-col items-center gap-3 py-10 text-center text-sm text-muted-foreground">
              <p>{t('feed.loadFailed')}</p>
              <button
                type="button"
                onClick={reload}
                className="inline-flex h-8 items-center gap-1.5 rounded-[3px] bg-blurple px-4 font-medium text-white hover:bg-[#4752c4]"
              >
                <RotateCwIcon className="size-4" aria-hidden />
                {t('feed.retry')}
              </button>
            </div>
          )}
          <ol className="flex flex-col">
            {rows.map((row) =>
              row.kind === 'divider' ? (
                <li key={row.key}>
                  <DateDivider day={row.day} />
                </li>
              ) : (
                <li key={row.key}>
                  <MessageRow
                    message={row.item.message}
                    task={row.item.task}
                    head={row.head}
                    canDelete={row.item.message.author.id === me || isCreator}
                  />
                </li>
              ),
            )}
            {pending.map((entry, index) => (
              <li key={entry.nonce}>
                <PendingMessageRow entry={entry} head={index === 0} />
              </li>
            ))}
          </ol>
        </div>
      </div>
      {unseen && !lastAuthorIsMe && (
        <button
          type="button"
          data-testid="jump-to-new"
          onClick={jumpToBottom}
          className="absolute bottom-3 left-1/2 z-10 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-blurple px-4 py-1.5 text-sm font-medium text-white shadow-lg transition-colors hover:bg-[#4752c4] animate-fade-in"
        >
          {t('feed.newMessages')}
          <ArrowDownIcon className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
