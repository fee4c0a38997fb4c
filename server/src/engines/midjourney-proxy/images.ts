import { readClipHeader } from '../../images/clip';
import { readImageHeader } from '../../images/decode';
import type { EngineImage, EngineVideo } from '../port';
import type { MjProxyClient } from './client';
import { UpstreamError, UpstreamErrorKind } from './errors';

export interface CopyOptions {
  /** Attempts in all (3: the first and two retries). */
  tries?: number;
  /** Pause before the first retry; doubles after each. */
  backoffMs?: number;
  signal?: AbortSignal;
  /** Stop retrying when this turns true (a newer preview made this one pointless). */
  abandon?: () => boolean;
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Downloads an image and checks that it is one (by its header, not by what the server claims),
 * within the byte and pixel limits: a preview or result is stored and later decoded by us.
 */
async function fetchImage(
  client: Pick<MjProxyClient, 'download'>,
  url: string,
  signal?: AbortSignal,
): Promise<EngineImage> {
  const { data } = await client.download(url, signal);
  const { mime, width, height } = await readImageHeader(data);
  return { data, mime, width, height };
}

/**
 * Copies an upstream image (a Discord CDN link, usually) so that we can serve it ourselves: the
 * runner stores the bytes in our blob store. Retried with backoff; the last failure is thrown as
 * an UpstreamError that fails the task with a reason (never a broken image).
 */
export async function copyImage(
  client: Pick<MjProxyClient, 'download'>,
  url: string,
  options: CopyOptions = {},
): Promise<EngineImage> {
  return copy(() => fetchImage(client, url, options.signal), options);
}

/** A clip (MP4 or animated WebP), checked by its bytes within the clip limits, copied as images are. */
export async function copyClip(
  client: Pick<MjProxyClient, 'download'>,
  url: string,
  options: CopyOptions = {},
): Promise<EngineVideo> {
  return copy(async () => {
    const { data } = await client.download(url, options.signal);
    const { mime, width, height } = await readClipHeader(data);
    return { data, mime, ...(width && height ? { width, height } : {}) };
  }, options);
}

async function copy<T>(once: () => Promise<T>, options: CopyOptions): Promise<T> {
  const tries = Math.max(1, options.tries ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  let lastError: unknown;
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      return await once();
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      lastError = error;
      if (attempt === tries || options.abandon?.()) break;
      await pause(backoffMs * 2 ** (attempt - 1), options.signal);
    }
  }
  const detail = lastError instanceof Error ? lastError.message : 'download failed';
  throw new UpstreamError(UpstreamErrorKind.ImageCopy, {
    detail: `${detail}, after ${tries} ${tries === 1 ? 'try' : 'tries'}`,
  });
}
