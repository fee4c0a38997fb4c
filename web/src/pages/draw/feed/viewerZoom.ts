/** Zoom rules of the image viewer (pure). */

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.25;

export type ZoomMode = 'fit' | number;

export function clampZoom(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** The scale that shows the whole image inside the stage (never above 100%). */
export function fitScale(
  natural: { width: number; height: number },
  stage: { width: number; height: number },
): number {
  if (natural.width <= 0 || natural.height <= 0 || stage.width <= 0 || stage.height <= 0) return 1;
  return Math.min(1, stage.width / natural.width, stage.height / natural.height);
}

export function currentScale(mode: ZoomMode, fit: number): number {
  return mode === 'fit' ? fit : mode;
}

/** One step in or out from what is shown now; snaps to 100% when a step crosses it. */
export function stepZoom(mode: ZoomMode, fit: number, direction: 1 | -1): number {
  const scale = currentScale(mode, fit);
  const next = clampZoom(direction > 0 ? scale * ZOOM_STEP : scale / ZOOM_STEP);
  if ((scale < 1 && next > 1) || (scale > 1 && next < 1)) return 1;
  return Math.round(next * 1000) / 1000;
}

/** The page's absolute URL for an image path (what "copy link" puts on the clipboard). */
export function absoluteUrl(src: string, origin: string): string {
  return new URL(src, origin).href;
}

/** A file name for the download attribute: the last path segment. */
export function downloadName(src: string): string {
  const path = src.split(/[?#]/)[0] ?? '';
  return path.split('/').filter(Boolean).at(-1) || 'image.png';
}
