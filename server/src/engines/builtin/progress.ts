/** Pacing and cancellation: the engine's work is quick, its reveal is paced like a real one. */

/** Progress percentages reported after the start (0), each with a sharper preview. */
export const PROGRESS_STEPS: readonly { progress: number; blur: number }[] = [
  { progress: 15, blur: 18 },
  { progress: 40, blur: 9 },
  { progress: 65, blur: 4 },
  { progress: 90, blur: 1.5 },
];

export function abortError(signal: AbortSignal): Error {
  const error = new Error('The task was aborted.', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortError(signal);
}

/** Waits `ms`, or rejects with an AbortError as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settles with `work`, or rejects at once when the signal fires. sharp cannot be interrupted,
 * so the drawing may finish in the background; its result is simply dropped.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
