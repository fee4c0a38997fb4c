import { ArchiveLimits, type ArchiveItem, type Channel } from '@draw/shared';
import { ArrowLeftIcon, CheckIcon, DownloadIcon, ImagesIcon, PlayIcon, StarIcon } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useIsMobile } from '../../hooks/useMediaQuery';
import { notify } from '../../lib/notify';
import { cn } from '../../lib/utils';
import { IconRail } from '../draw/rail/IconRail';
import { downloadZip, fetchChannels } from './archiveApi';
import { ArchiveDetails } from './ArchiveDetails';
import { ArchiveToolbar } from './ArchiveToolbar';
import { aspectOf, captionOf, isClip } from './archiveView';
import { useArchive, type ArchiveFilters } from './useArchive';

/** Row height of the justified grid: each tile keeps its image's shape, a row fills the width. */
const ROW_HEIGHT = { desktop: 180, phone: 104 } as const;

interface TileProps {
  item: ArchiveItem;
  rowHeight: number;
  /** A phone outside selection mode: no checkbox or star over the picture. */
  bare: boolean;
  selected: boolean;
  selecting: boolean;
  onOpen: () => void;
  onSelect: (event: MouseEvent) => void;
  onStar: () => void;
}

function Tile({ item, rowHeight, bare, selected, selecting, onOpen, onSelect, onStar }: TileProps) {
  const { t } = useTranslation();
  const aspect = aspectOf(item.task);
  const clip = isClip(item.task);
  const caption = captionOf(t, item.task);
  return (
    <div
      style={{ aspectRatio: aspect, flexGrow: aspect, flexBasis: `${aspect * rowHeight}px` }}
      data-testid="archive-item"
      data-task-id={item.task.id}
      data-favorite={item.favorite}
      data-kind={clip ? 'clip' : 'image'}
      className={cn('group relative overflow-hidden rounded-lg bg-panel', selected && 'ring-3 ring-primary')}
    >
      <button
        type="button"
        onClick={(event) => (selecting || event.shiftKey ? onSelect(event) : onOpen())}
        className="block size-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={clip ? t('archive.details.playClip', { prompt: caption }) : caption}
      >
        <img
          src={item.task.imageUrl ?? ''}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
        />
        {clip && (
          <span className="pointer-events-none absolute bottom-1.5 left-1.5 flex items-center gap-1 rounded-full bg-black/60 px-1.5 py-0.5 text-xs text-white">
            <PlayIcon className="size-3 fill-white" aria-hidden />
            {t('archive.clipBadge')}
          </span>
        )}
      </button>
      {!bare && (
        <>
          <button
            type="button"
            data-testid="archive-select"
            role="checkbox"
            aria-checked={selected}
            aria-label={t('archive.select')}
            onClick={onSelect}
            className={cn(
              'absolute top-1.5 left-1.5 flex size-6 items-center justify-center rounded-md border-2 border-white/90 shadow transition-opacity',
              selected
                ? 'bg-primary opacity-100'
                : 'bg-black/30 opacity-0 group-hover:opacity-100 focus-visible:opacity-100 max-sm:opacity-100',
              selecting && 'opacity-100',
            )}
          >
            {selected && <CheckIcon className="size-4 text-white" aria-hidden />}
          </button>
          <button
            type="button"
            data-testid="archive-star"
            aria-pressed={item.favorite}
            aria-label={item.favorite ? t('archive.unfavorite') : t('archive.favorite')}
            onClick={onStar}
            className={cn(
              'absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-black/40 transition-opacity',
              item.favorite
                ? 'opacity-100'
                : 'opacity-0 group-hover:opacity-100 focus-visible:opacity-100 max-sm:opacity-100',
            )}
          >
            <StarIcon
              className={cn('size-4', item.favorite ? 'fill-warning text-warning' : 'text-white')}
              aria-hidden
            />
          </button>
        </>
      )}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-2 pt-6 pb-1.5 text-xs text-white opacity-0 transition-opacity group-hover:opacity-100">
        {item.author.name} · {caption}
      </div>
    </div>
  );
}

/** The archive (图库): every finished image the person may see, searched, starred and downloaded. */
export function ArchivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [filters, setFilters] = useState<ArchiveFilters>({});
  const [channels, setChannels] = useState<Channel[]>([]);
  const { items, status, loadMore, reload, toggleFavorite } = useArchive(filters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<ArchiveItem | null>(null);
  const [zipping, setZipping] = useState(false);
  /** A phone picks images in this mode only (a tap opens one otherwise). */
  const [selectMode, setSelectMode] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void fetchChannels().then(
      (list) => Array.isArray(list) && setChannels(list),
      () => undefined,
    );
  }, []);

  // More images as the end of the grid comes into view.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || status !== 'idle') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && void loadMore(),
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [status, loadMore, items.length]);

  // The open image follows the grid (a star set elsewhere), or stays as it was when it is a family member off the grid.
  const shown = items.find((item) => item.task.id === openId) ?? (opened?.task.id === openId ? opened : null);

  const select = (item: ArchiveItem, event: MouseEvent) => {
    const id = item.task.id;
    setSelected((previous) => {
      const next = new Set(previous);
      if (event.shiftKey && anchor) {
        const from = items.findIndex((i) => i.task.id === anchor);
        const to = items.findIndex((i) => i.task.id === id);
        if (from >= 0 && to >= 0)
          for (const i of items.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(i.task.id);
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    setAnchor(id);
  };

  const zip = async () => {
    if (selected.size > ArchiveLimits.zipMaxImages)
      return notify.warning(t('archive.zipTooMany', { max: ArchiveLimits.zipMaxImages }));
    setZipping(true);
    try {
      // In the order they were picked, as the server lists them in the ZIP.
      const byId = new Map(items.map((item) => [item.task.id, item]));
      await downloadZip([...selected].flatMap((id) => byId.get(id) ?? []));
    } catch {
      // The HTTP client already showed why.
    } finally {
      setZipping(false);
    }
  };

  const open = (item: ArchiveItem) => {
    setOpened(item);
    setOpenId(item.task.id);
  };
  const star = (item: ArchiveItem) => {
    if (opened?.task.id === item.task.id) setOpened({ ...item, favorite: !item.favorite });
    void toggleFavorite(item);
  };

  const details = shown && (
    <ArchiveDetails
      // A new image starts the panel afresh: scrolled to the top, its own family and seed.
      key={shown.task.id}
      item={shown}
      onClose={() => setOpenId(null)}
      onOpen={open}
      onToggleFavorite={star}
      className={isMobile ? 'fixed inset-0 z-40' : 'w-[380px] shrink-0 border-l border-border'}
    />
  );

  return (
    <div className="flex h-dvh w-full overflow-hidden bg-main text-foreground" data-testid="archive-page">
      {!isMobile && <IconRail />}
      <main className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-2 px-3 shadow-elevation">
          {isMobile && (
            <button
              type="button"
              aria-label={t('archive.back')}
              onClick={() => navigate('/draw')}
              className="flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-accent"
            >
              <ArrowLeftIcon className="size-5" aria-hidden />
            </button>
          )}
          <ImagesIcon className="size-5 text-muted-foreground max-sm:hidden" aria-hidden />
          <h1 className="text-base font-semibold text-heading">{t('archive.title')}</h1>
          <div className="ml-auto flex items-center gap-2">
            {selected.size > 0 && (
              <>
                <span className="text-sm text-muted-foreground" data-testid="archive-selected-count">
                  {t('archive.selected', { count: selected.size })}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  className="max-sm:hidden"
                  data-testid="archive-clear-selection"
                  onClick={() => setSelected(new Set())}
                >
                  {t('archive.clearSelection')}
                </Button>
                <Button size="sm" data-testid="archive-zip" disabled={zipping} onClick={() => void zip()}>
                  <DownloadIcon className="size-4" aria-hidden />
                  {zipping ? t('archive.zipPreparing') : t('archive.downloadZip')}
                </Button>
              </>
            )}
            {isMobile && items.length > 0 && (
              <Button
                size="sm"
                variant={selectMode ? 'default' : 'secondary'}
                className="h-11"
                data-testid="archive-select-mode"
                aria-pressed={selectMode}
                onClick={() => {
                  if (selectMode) setSelected(new Set());
                  setSelectMode(!selectMode);
                }}
              >
                {selectMode ? t('archive.doneSelecting') : t('archive.selectMode')}
              </Button>
            )}
            {items.length > 0 && (!isMobile || (selectMode && selected.size === 0)) && (
              <Button
                size="sm"
                variant="secondary"
                data-testid="archive-select-all"
                onClick={() => setSelected(new Set(items.map((i) => i.task.id)))}
              >
                {t('archive.selectAll')}
              </Button>
            )}
          </div>
        </header>
        <ArchiveToolbar
          compact={isMobile}
          filters={filters}
          channels={channels}
          onChange={(next) => {
            setSelected(new Set());
            setFilters(next);
          }}
        />
        <div className="min-h-0 flex-1 overflow-y-auto p-3" data-testid="archive-scroll">
          <div data-testid="archive-grid" className="flex flex-wrap gap-2 max-sm:gap-1">
            {items.map((item) => (
              <Tile
                key={item.task.id}
                item={item}
                rowHeight={isMobile ? ROW_HEIGHT.phone : ROW_HEIGHT.desktop}
                bare={isMobile && !selectMode}
                selected={selected.has(item.task.id)}
                selecting={selected.size > 0 || selectMode}
                onOpen={() => open(item)}
                onSelect={(event) => select(item, event)}
                onStar={() => star(item)}
              />
            ))}
            {/* Keeps the last row at its own height instead of stretched across. */}
            <div aria-hidden className="h-0 grow-[1000]" />
          </div>
          <div
            ref={sentinel}
            className="py-6 text-center text-sm text-muted-foreground"
            data-testid="archive-status"
            data-status={status}
          >
            {status === 'loading' && t('archive.loading')}
            {status === 'failed' && (
              <span>
                {t('archive.loadFailed')}{' '}
                <button
                  type="button"
                  className="text-primary hover:underline"
                  onClick={() => (items.length ? void loadMore() : void reload())}
                >
                  {t('archive.retry')}
                </button>
              </span>
            )}
            {status === 'done' && (items.length === 0 ? t('archive.empty') : t('archive.end'))}
          </div>
        </div>
      </main>
      {details}
    </div>
  );
}
