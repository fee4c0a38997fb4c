import type { Task } from '@draw/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { useFeedActions } from './FeedContext';
import { imageSizeOf, isSingleImage, percentOf } from './taskView';
import { useLoadedSrc } from './useLoadedSrc';

/** Results are shown at most this wide, like Discord's attachments. */
export const MAX_IMAGE_WIDTH = 512;

function frameStyle(size: { width: number; height: number } | null) {
  return size ? { aspectRatio: `${size.width} / ${size.height}` } : undefined;
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
      )}
      style={frameStyle(size)}
    >
      {/* The last preview stays under the final image until it has loaded. */}
      {task.previewUrl && !loaded && <img src={task.previewUrl} alt="" aria-hidden className="absolute inset-0 size-full object-cover" />}
      <img
        data-testid={`task-image-${task.id}`}
        src={src}
        alt={alt}
        width={size?.width}
        height={size?.height}
        onLoad={() => setLoaded(true)}
        className={cn('relative block h-auto w-full transition-opacity duration-300', loaded ? 'opacity-100' : 'opacity-0')}
        draggable={false}
      />
      <span aria-hidden className="pointer-events-none absolute inset-0 bg-black/0 transition-colors group-hover/image:bg-black/10" />
    </button>
  );
}

/** The live preview while the task runs: blurred at first, sharper as progress grows. */
export function TaskPreview({ task }: { task: Task }) {
  const src = useLoadedSrc(task.previewUrl);
  const percent = percentOf(task);
  if (!src) {
    return (
      <div
        aria-hidden
        className="mt-2 aspect-square w-full max-w-[320px] animate-pulse rounded-lg bg-gradient-to-br from-black/5 to-black/10 dark:from-white/5 dark:to-white/10"
      />
    );
  }
  const blur = Math.max(0, Math.round((1 - percent / 100) * 14));
  return (
    <div className="relative mt-2 w-full max-w-[512px] overflow-hidden rounded-lg bg-black/10">
      <img
        src={src}
        alt=""
        aria-hidden
        data-testid={`task-preview-${task.id}`}
        className="block h-auto w-full scale-[1.03] transition-[filter] duration-500"
        style={{ filter: `blur(${blur}px)` }}
        draggable={false}
      />
    </div>
  );
}
