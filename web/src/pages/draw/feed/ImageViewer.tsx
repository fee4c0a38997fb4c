import {
  CopyIcon,
  DownloadIcon,
  ExternalLinkIcon,
  MaximizeIcon,
  XIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../../components/ui/dialog';
import { Tooltip } from '../../../components/ui/tooltip';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { absoluteUrl, currentScale, downloadName, fitScale, stepZoom, type ZoomMode } from './viewerZoom';

export interface ViewerImage {
  src: string;
  alt: string;
  /** A clip: an MP4 plays in a `<video>` (controls, muted loop), an animated WebP in an `<img>`. */
  clip?: 'video' | 'img';
  /** The clip's still, shown until the video plays. */
  poster?: string;
}

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
          'flex size-9 items-center justify-center rounded-md text-white/80 transition-colors outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring',
          active && 'bg-white/15 text-white',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}

function ViewerBody({ image, onClose }: { image: ViewerImage; onClose: () => void }) {
  const { t } = useTranslation();
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
        <Tooltip content={t(image.clip ? 'feed.clip.download' : 'feed.viewer.download')} side="bottom">
          <a
            href={image.src}
            download={downloadName(image.src)}
            aria-label={t(image.clip ? 'feed.clip.download' : 'feed.viewer.download')}
            data-testid="viewer-download"
            className="flex size-9 items-center justify-center rounded-md text-white/80 transition-colors outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring"
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
            className="flex size-9 items-center justify-center rounded-md text-white/80 transition-colors outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ExternalLinkIcon className="size-[18px]" aria-hidden />
          </a>
        </Tooltip>
        <ToolButton label={t('common.close')} onClick={onClose} testId="viewer-close">
          <XIcon className="size-5" aria-hidden />
        </ToolButton>
      </div>
      <div
        ref={stageRef}
        className={cn(
          'scrollbar-thin relative flex min-h-0 flex-1 overflow-auto p-4',
          zoomed && 'cursor-grab active:cursor-grabbing',
        )}
        onPointerDown={(event) => {
          const element = stageRef.current;
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
        onPointerUp={() => {
          drag.current = null;
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
              setNatural({ width: event.currentTarget.videoWidth, height: event.currentTarget.videoHeight })
            }
            style={natural ? { width, height, maxWidth: 'none' } : { maxWidth: '100%', maxHeight: '100%' }}
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
            style={natural ? { width, height, maxWidth: 'none' } : { maxWidth: '100%', maxHeight: '100%' }}
            className="m-auto shrink-0 rounded-sm object-contain shadow-2xl select-none"
          />
        )}
      </div>
    </>
  );
}

/** Full image in a dialog: fit / 100% / wheel zoom, download, copy link; Esc closes. */
export function ImageViewer({ image, onClose }: { image: ViewerImage | null; onClose: () => void }) {
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
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-lg bg-[#111214]/95 text-white shadow-2xl outline-none data-[state=open]:animate-fade-in sm:inset-6"
        >
          {image && <ViewerBody key={image.src} image={image} onClose={onClose} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
