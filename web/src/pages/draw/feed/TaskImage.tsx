import type { Task } from '@draw/shared';
import { DownloadIcon, FilmIcon, MaximizeIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { useFeedActions } from './FeedContext';
import { clipOf, expectedShape, imageSizeOf, isSingleImage, percentOf } from './taskView';
import { useLoadedSrc } from './useLoadedSrc';
import { downloadName } from './viewerZoom';

/** Results are shown at most this wide, like Discord's attachments. */
export const MAX_IMAGE_WIDTH = 512;

/** Tall results are shown at most this high (their width follows), as Discord caps attachments. */
export const MAX_IMAGE_HEIGHT = 512;

/** A single image (an upscale, a clip) is shown a little narrower than a grid. */
const MAX_SINGLE_WIDTH = 448;

function frameStyle(size: { width: number; height: number } | null, maxWidth = MAX_IMAGE_WIDTH) {
  if (!size) return undefined;
  const widthAtMaxHeight = Math.round((MAX_IMAGE_HEIGHT * size.width) / size.height);
  return {
    aspectRatio: `${size.width} / ${size.height}`,
    maxWidth: `${Math.min(maxWidth, widthAtMaxHeight)}px`,
  };
}

/** The finished image (grid or single); a click opens the viewer. */
export function TaskResultImage({ task, alt }: { task: Task; alt: string }) {
  const { t } = useTranslation();
  const { openViewer } = useFeedActions();
  const [loaded, setLoaded] = useState(false);
  const src = task.imageUrl;
  if (!src) return null;
  const size = imageSizeOf(task);
  const single = isSingleImage(task);
  return (
    <button
      type="button"
      onClick={() => openViewer({ src, alt })}
      aria-label={t('feed.image.open', { prompt: alt })}
      className={cn(
        'group/image relative mt-2 block w-full max-w-[512px] overflow-hidden rounded-lg bg-black/5 outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-black/20',
        single && 'max-w-[448px]',
        // A phone: a grid small enough that it and its buttons leave room for the conversation.
        !single && 'max-sm:!max-w-[260px]',
      )}
      style={frameStyle(size, single ? MAX_SINGLE_WIDTH : MAX_IMAGE_WIDTH)}
    >
      {/* The last preview stays under the final image until it has loaded. */}
      {task.previewUrl && !loaded && (
        <img src={task.previewUrl} alt="" aria-hidden className="absolute inset-0 size-full object-cover" />
      )}
      <img
        data-testid={`task-image-${task.id}`}
        src={src}
        alt={alt}
        width={size?.width}
        height={size?.height}
        onLoad={() => setLoaded(true)}
        className={cn(
          'relative block h-auto w-full transition-opacity duration-300',
          loaded ? 'opacity-100' : 'opacity-0',
        )}
        draggable={false}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-black/0 transition-colors group-hover/image:bg-black/10"
      />
    </button>
  );
}

const overlayButton =
  'flex size-8 items-center justify-center rounded-md bg-black/55 text-white backdrop-blur-sm transition-colors outline-none hover:bg-black/75 focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A finished clip: an MP4 plays in a muted, looping `<video>` with its poster and controls; an
 * animated WebP (the built-in engine's) loops in an `<img>` over its poster. Buttons on top open
 * it full screen and download it.
 */
export function TaskResultClip({ task, alt }: { task: Task; alt: string }) {
  const { t } = useTranslation();
  const { openViewer } = useFeedActions();
  const [loaded, setLoaded] = useState(false);
  const clip = clipOf(task);
  if (!clip) return null;
  const size = imageSizeOf(task);
  const open = () =>
    openViewer({ src: clip.src, alt, clip: clip.element, ...(clip.poster ? { poster: clip.poster } : {}) });
  return (
    <div
      data-testid={`task-clip-${task.id}`}
      className="group/clip relative mt-2 block w-full max-w-[448px] overflow-hidden rounded-lg bg-black/5 dark:bg-black/20"
      style={frameStyle(size, MAX_SINGLE_WIDTH)}
    >
      {clip.element === 'video' ? (
        <video
          data-testid={`task-video-${task.id}`}
          src={clip.src}
          poster={clip.poster ?? undefined}
          aria-label={alt}
          muted
          loop
          autoPlay
          playsInline
          controls
          preload="metadata"
          className="block h-auto w-full"
        />
      ) : (
        <button
          type="button"
          onClick={open}
          aria-label={t('feed.clip.open', { prompt: alt })}
          className="block w-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {clip.poster && !loaded && (
            <img src={clip.poster} alt="" aria-hidden className="absolute inset-0 size-full object-cover" />
          )}
          <img
            data-testid={`task-video-${task.id}`}
            src={clip.src}
            alt={alt}
            width={size?.width}
            height={size?.height}
            onLoad={() => setLoaded(true)}
            className="relative block h-auto w-full"
            draggable={false}
          />
        </button>
      )}
      <span className="pointer-events-none absolute top-2 left-2 inline-flex items-center gap-1 rounded-md bg-black/55 px-1.5 py-0.5 text-[11px] font-semibold text-white backdrop-blur-sm">
        <FilmIcon className="size-3.5" aria-hidden />
        {t('feed.clip.label')}
      </span>
      <span className="absolute top-2 right-2 flex gap-1.5">
        <button
          type="button"
          onClick={open}
          aria-label={t('feed.clip.open', { prompt: alt })}
          data-testid={`task-clip-open-${task.id}`}
          className={overlayButton}
        >
          <MaximizeIcon className="size-4" aria-hidden />
        </button>
        <a
          href={clip.src}
          download={downloadName(clip.src)}
          aria-label={t('feed.clip.download')}
          data-testid={`task-clip-download-${task.id}`}
          className={overlayButton}
        >
          <DownloadIcon className="size-4" aria-hidden />
        </a>
      </span>
    </div>
  );
}

/** The live preview while the task runs: blurred at first, sharper as progress grows. */
export function TaskPreview({ task }: { task: Task }) {
  const src = useLoadedSrc(task.previewUrl);
  const percent = percentOf(task);
  // The frame of the result to come (its `--ar`, as wide as the result will be): no jump on arrival.
  const frame = cn(
    'mt-2 w-full max-w-[512px] overflow-hidden rounded-lg',
    isSingleImage(task) && 'max-w-[448px]',
  );
  const shape = frameStyle(expectedShape(task), isSingleImage(task) ? MAX_SINGLE_WIDTH : MAX_IMAGE_WIDTH);
  if (!src) {
    return (
      <div
        aria-hidden
        data-testid={`task-placeholder-${task.id}`}
        className={cn(
          frame,
          'animate-pulse bg-gradient-to-br from-black/5 to-black/10 dark:from-white/5 dark:to-white/10',
        )}
        style={shape}
      />
    );
  }
  const blur = Math.max(0, Math.round((1 - percent / 100) * 14));
  return (
    <div className={cn(frame, 'relative bg-black/10')} style={shape}>
      <img
        src={src}
        alt=""
        aria-hidden
        data-testid={`task-preview-${task.id}`}
        className="block size-full scale-[1.03] object-cover transition-[filter] duration-500"
        style={{ filter: `blur(${blur}px)` }}
        draggable={false}
      />
    </div>
  );
}
