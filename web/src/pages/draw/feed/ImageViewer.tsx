import type { ArchiveItem } from '@draw/shared';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CopyIcon,
  DownloadIcon,
  ExternalLinkIcon,
  MaximizeIcon,
  PanelRightIcon,
  XIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../../components/ui/dialog';
import { Tooltip } from '../../../components/ui/tooltip';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { altOf, stepThrough, viewerImageOf, type GalleryEntry } from './viewerGallery';
import { ViewerPanel } from './ViewerPanel';
import { absoluteUrl, currentScale, downloadName, fitScale, stepZoom, type ZoomMode } from './viewerZoom';

export interface ViewerImage {
  src: string;
  alt: string;
  /** A clip: an MP4 plays in a `<video>` (controls, muted loop), an animated WebP in an `<img>`. */
  clip?: 'video' | 'img';
  /** The clip's still, shown until the video plays. */
  poster?: string;
  /** The task whose result it is: the viewer shows its details and steps from it through the channel's images. */
  taskId?: string;
}

/** The channel's images the viewer steps through (the loaded feed's), and the way to older ones. */
export interface ViewerGallery {
  entries: readonly GalleryEntry[];
  /** The feed has older pages (not loaded yet). */
  canLoadOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/** Horizontal travel (px) that makes a swipe a step, and how much more horizontal than vertical it must be. */
const SWIPE_MIN_PX = 48;
const SWIPE_RATIO = 1.5;
/** How long "this is the oldest image" stays up. */
const EDGE_NOTE_MS = 2500;

function ToolButton({
  label,
  onClick,
  children,
  active = false,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  active?: boolean;
  testId?: string;
}) {
  return (
    <Tooltip content={label} side="bottom">
      <button
        type="button"
        aria-label={label}
        aria-pressed={active || undefined}
        data-testid={testId}
        onClick={onClick}
        className={cn(
          'flex size-9 max-sm:size-11 items-center justify-center rounded-md text-white/80 transition-colors outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring',
          active && 'bg-white/15 text-white',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}

interface Navigation {
  step: (direction: -1 | 1) => void;
  canPrevious: boolean;
  canNext: boolean;
  /** "Image 3 of 12", when the image is one of the gallery's. */
  position: string | null;
  /** What an arrow ran into ("this is the oldest image"), read out. */
  note: string | null;
}

const navButton =
  'absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white shadow-lg backdrop-blur-sm transition outline-none hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-0';

function ViewerBody({
  image,
  onClose,
  navigation,
  panel,
  panelOpen,
  onTogglePanel,
}: {
  image: ViewerImage;
  onClose: () => void;
  navigation: Navigation | null;
  panel: ReactNode;
  panelOpen: boolean;
  onTogglePanel: () => void;
}) {
  const { t } = useTranslation();
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<ZoomMode>('fit');
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [stage, setStage] = useState({ width: 0, height: 0 });
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const measure = () => setStage({ width: element.clientWidth - 32, height: element.clientHeight - 32 });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fit = natural ? fitScale(natural, stage) : 1;
  const scale = currentScale(mode, fit);

  // Wheel zooms (a native listener: React's wheel listener is passive and cannot stop the page scrolling).
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setMode((current) => stepZoom(current, fit, event.deltaY < 0 ? 1 : -1));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [fit]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(absoluteUrl(image.src, window.location.origin));
      notify.success(t('common.copySuccess'));
    } catch {
      notify.error(t('feed.viewer.copyFailed'));
    }
  }

  const width = natural ? Math.round(natural.width * scale) : undefined;
  const height = natural ? Math.round(natural.height * scale) : undefined;
  const zoomed = mode !== 'fit' && natural !== null && (width! > stage.width || height! > stage.height);

  return (
    <>
      <div className="flex h-12 shrink-0 items-center gap-1 border-b border-white/10 px-3">
        <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-sm font-medium text-white/90">
          {image.alt}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description className="sr-only">
          {t('feed.viewer.description')}
        </DialogPrimitive.Description>
        {navigation?.position && (
          <span className="shrink-0 px-1 text-xs text-white/70 tabular-nums" data-testid="viewer-position">
            {navigation.position}
          </span>
        )}
        <span className="contents max-sm:hidden">
          <ToolButton label={t('feed.viewer.zoomOut')} onClick={() => setMode(stepZoom(mode, fit, -1))}>
            <ZoomOutIcon className="size-5" aria-hidden />
          </ToolButton>
          <span
            className="w-12 text-center text-xs font-semibold text-white/80 tabular-nums"
            aria-live="polite"
            data-testid="viewer-zoom"
          >
            {Math.round(scale * 100)}%
          </span>
          <ToolButton label={t('feed.viewer.zoomIn')} onClick={() => setMode(stepZoom(mode, fit, 1))}>
            <ZoomInIcon className="size-5" aria-hidden />
          </ToolButton>
          <ToolButton
            label={t('feed.viewer.fit')}
            onClick={() => setMode('fit')}
            active={mode === 'fit'}
            testId="viewer-fit"
          >
            <MaximizeIcon className="size-[18px]" aria-hidden />
          </ToolButton>
          <ToolButton
            label={t('feed.viewer.actual')}
            onClick={() => setMode(1)}
            active={mode === 1}
            testId="viewer-actual"
          >
            <span className="text-[11px] font-bold">1:1</span>
          </ToolButton>
          <span aria-hidden className="mx-1 h-5 w-px bg-white/15" />
        </span>
        <Tooltip content={t(image.clip ? 'feed.clip.download' : 'feed.viewer.download')} side="bottom">
          <a
            href={image.src}
            download={downloadName(image.src)}
            aria-label={t(image.clip ? 'feed.clip.download' : 'feed.viewer.download')}
            data-testid="viewer-download"
            className="flex size-9 max-sm:size-11 items-center justify-center rounded-md text-white/80 transition-colors outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring"
          >
            <DownloadIcon className="size-5" aria-hidden />
          </a>
        </Tooltip>
        <ToolButton label={t('feed.viewer.copyLink')} onClick={() => void copyLink()} testId="viewer-copy">
          <CopyIcon className="size-[18px]" aria-hidden />
        </ToolButton>
        <Tooltip content={t('feed.viewer.openOriginal')} side="bottom">
          <a
            href={image.src}
            target="_blank"
            rel="noreferrer"
            aria-label={t('feed.viewer.openOriginal')}
            className="flex size-9 max-sm:hidden items-center justify-center rounded-md text-white/80 transition-colors outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ExternalLinkIcon className="size-[18px]" aria-hidden />
          </a>
        </Tooltip>
        {panel && (
          <ToolButton
            label={panelOpen ? t('gallery.hideDetails') : t('gallery.showDetails')}
            onClick={onTogglePanel}
            active={panelOpen}
            testId="viewer-details-toggle"
          >
            <PanelRightIcon className="size-[18px]" aria-hidden />
          </ToolButton>
        )}
        <ToolButton label={t('common.close')} onClick={onClose} testId="viewer-close">
          <XIcon className="size-5" aria-hidden />
        </ToolButton>
      </div>
      <div className="flex min-h-0 flex-1 max-sm:flex-col">
        <div className="relative flex min-h-0 min-w-0 flex-1">
          {navigation && (
            <>
              <button
                type="button"
                aria-label={t('gallery.previous')}
                data-testid="viewer-previous"
                disabled={!navigation.canPrevious}
                onClick={() => navigation.step(-1)}
                className={cn(navButton, 'left-3')}
              >
                <ChevronLeftIcon className="size-6" aria-hidden />
              </button>
              <button
                type="button"
                aria-label={t('gallery.next')}
                data-testid="viewer-next"
                disabled={!navigation.canNext}
                onClick={() => navigation.step(1)}
                className={cn(navButton, 'right-3')}
              >
                <ChevronRightIcon className="size-6" aria-hidden />
              </button>
              <p
                aria-live="polite"
                data-testid="viewer-edge-note"
                className={cn(
                  'pointer-events-none absolute bottom-4 left-1/2 z-10 -translate-x-1/2 rounded-full bg-black/75 px-3 py-1.5 text-xs text-white shadow-lg transition-opacity',
                  navigation.note ? 'opacity-100' : 'opacity-0',
                )}
              >
                {navigation.note ?? ''}
              </p>
            </>
          )}
          <div
            ref={stageRef}
            className={cn(
              'scrollbar-thin relative flex min-h-0 flex-1 overflow-auto p-4',
              zoomed ? 'cursor-grab active:cursor-grabbing' : 'touch-pan-y',
            )}
            onPointerDown={(event) => {
              const element = stageRef.current;
              if (!zoomed) swipe.current = { x: event.clientX, y: event.clientY };
              if (!zoomed || !element) return;
              drag.current = {
                x: event.clientX,
                y: event.clientY,
                left: element.scrollLeft,
                top: element.scrollTop,
              };
              element.setPointerCapture?.(event.pointerId);
            }}
            onPointerMove={(event) => {
              const element = stageRef.current;
              if (!drag.current || !element) return;
              element.scrollLeft = drag.current.left - (event.clientX - drag.current.x);
              element.scrollTop = drag.current.top - (event.clientY - drag.current.y);
            }}
            onPointerUp={(event) => {
              drag.current = null;
              const start = swipe.current;
              swipe.current = null;
              if (!start || !navigation) return;
              const dx = event.clientX - start.x;
              const dy = event.clientY - start.y;
              // A swipe to the left brings the next (newer) image, as a phone's photo roll does.
              if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > SWIPE_RATIO * Math.abs(dy))
                navigation.step(dx < 0 ? 1 : -1);
            }}
            onPointerCancel={() => {
              drag.current = null;
              swipe.current = null;
            }}
          >
            {image.clip === 'video' ? (
              <video
                src={image.src}
                poster={image.poster}
                aria-label={image.alt}
                data-testid="viewer-video"
                muted
                loop
                autoPlay
                playsInline
                controls
                onLoadedMetadata={(event) =>
                  setNatural({
                    width: event.currentTarget.videoWidth,
                    height: event.currentTarget.videoHeight,
                  })
                }
                style={
                  natural ? { width, height, maxWidth: 'none' } : { maxWidth: '100%', maxHeight: '100%' }
                }
                className="m-auto shrink-0 rounded-sm object-contain shadow-2xl"
              />
            ) : (
              <img
                src={image.src}
                alt={image.alt}
                data-testid={image.clip ? 'viewer-video' : 'viewer-image'}
                draggable={false}
                onLoad={(event) =>
                  setNatural({
                    width: event.currentTarget.naturalWidth,
                    height: event.currentTarget.naturalHeight,
                  })
                }
                style={
                  natural ? { width, height, maxWidth: 'none' } : { maxWidth: '100%', maxHeight: '100%' }
                }
                className="m-auto shrink-0 rounded-sm object-contain shadow-2xl select-none"
              />
            )}
          </div>
        </div>
        {panel && (
          <aside
            aria-label={t('gallery.details')}
            className={cn(
              'scrollbar-thin shrink-0 overflow-y-auto border-white/10 bg-[#1e1f22]/95 sm:w-[340px] sm:border-l',
              // A phone: a bottom sheet under the image, half the screen at most.
              'max-sm:max-h-[50%] max-sm:rounded-t-xl max-sm:border-t',
              !panelOpen && 'hidden',
            )}
          >
            {panel}
          </aside>
        )}
      </div>
    </>
  );
}

/**
 * The viewer's current image and its neighbours: ←/→ (and the arrows, and a swipe) step through
 * the gallery; past the oldest loaded image it asks the feed for older ones and goes on once they
 * are in, or says it is the oldest.
 */
function ViewerFrame({
  start,
  gallery,
  onClose,
}: {
  start: ViewerImage;
  gallery: ViewerGallery | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState(start);
  /** A family member from outside the loaded feed, shown with its author. */
  const [outsider, setOutsider] = useState<GalleryEntry | null>(null);
  // Open at first on a phone too: the buttons and the prompt are what one opens an image for.
  const [panelOpen, setPanelOpen] = useState(true);
  const [note, setNote] = useState<string | null>(null);
  const [wantOlder, setWantOlder] = useState(false);
  const entries = useMemo(() => gallery?.entries ?? [], [gallery]);
  const index = image.taskId ? entries.findIndex((entry) => entry.task.id === image.taskId) : -1;
  const entry = index >= 0 ? entries[index]! : outsider?.task.id === image.taskId ? outsider : null;

  const show = useCallback(
    (next: GalleryEntry) => setImage(viewerImageOf(next.task, altOf(next.task, t('feed.image.altFallback')))),
    [t],
  );

  useEffect(() => {
    if (!note) return;
    const timer = window.setTimeout(() => setNote(null), EDGE_NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [note]);

  // Older images asked for at the oldest one: once they are in, step onto the one before it
  // (state adjusted while rendering, as React advises for state that follows props).
  if (wantOlder && gallery && !gallery.loadingOlder) {
    setWantOlder(false);
    const before = index > 0 ? entries[index - 1] : undefined;
    if (before) show(before);
    else setNote(t('gallery.oldestLoaded'));
  }

  const step = useCallback(
    (direction: -1 | 1) => {
      if (!image.taskId) return;
      const landed = stepThrough(entries, image.taskId, direction);
      if (landed.kind === 'moved') {
        setNote(null);
        show(entries.find((e) => e.task.id === landed.taskId)!);
      } else if (landed.kind === 'oldest' && gallery?.canLoadOlder) {
        setNote(t('gallery.loadingOlder'));
        setWantOlder(true);
        gallery.loadOlder();
      } else if (landed.kind === 'oldest') setNote(t('gallery.oldestLoaded'));
      else if (landed.kind === 'newest') setNote(t('gallery.newest'));
    },
    [entries, gallery, image.taskId, show, t],
  );

  // ←/→ anywhere in the viewer but a text field (the share link's caret moves there).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const { target } = event;
      if (target instanceof Element && target.closest('input, textarea, [contenteditable="true"]')) return;
      event.preventDefault();
      step(event.key === 'ArrowLeft' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  const navigation: Navigation | null =
    index >= 0
      ? {
          step,
          canPrevious: index > 0 || Boolean(gallery?.canLoadOlder),
          canNext: index < entries.length - 1,
          position: t('gallery.position', { index: index + 1, count: entries.length }),
          note,
        }
      : null;

  const openFamily = (item: ArchiveItem) => {
    const inFeed = entries.find((e) => e.task.id === item.task.id);
    if (inFeed) return show(inFeed);
    const next = { task: item.task, author: item.author.name };
    setOutsider(next);
    show(next);
  };

  return (
    <ViewerBody
      key={image.src}
      image={image}
      onClose={onClose}
      navigation={navigation}
      panelOpen={panelOpen}
      onTogglePanel={() => setPanelOpen((open) => !open)}
      panel={
        entry ? (
          <ViewerPanel
            task={entry.task}
            author={entry.author}
            inFeed={index >= 0}
            onOpenFamily={openFamily}
            onReferenceSent={onClose}
          />
        ) : null
      }
    />
  );
}

/**
 * Full image in a dialog: fit / 100% / wheel zoom, download, copy link; ←/→ (or a swipe) through
 * the channel's images; the task's buttons, prompt, seed, family, "use as reference" and sharing
 * in a side panel (a bottom sheet on a phone). Esc closes.
 */
export function ImageViewer({
  image,
  onClose,
  gallery,
}: {
  image: ViewerImage | null;
  onClose: () => void;
  gallery?: ViewerGallery;
}) {
  // Focus the dialog itself, not the first tool (its tooltip would pop up at once); on close, back
  // to the picture that opened it.
  const returnFocus = useReturnFocus((event) => {
    event.preventDefault();
    (event.currentTarget as HTMLElement | null)?.focus();
  });
  return (
    <DialogPrimitive.Root open={image !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/85 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          data-testid="viewer"
          {...returnFocus}
          // Esc closes the viewer even while one of its tooltips shows (Radix would close the tooltip first).
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-[#111214]/95 text-white shadow-2xl outline-none data-[state=open]:animate-fade-in sm:inset-6 sm:rounded-lg"
        >
          {image && <ViewerFrame key={image.src} start={image} gallery={gallery} onClose={onClose} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
