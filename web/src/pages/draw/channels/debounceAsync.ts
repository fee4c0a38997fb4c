/**
 * Trailing debounce for an async action: calls within `waitMs` of each other collapse into one
 * run (with the last arguments), and every caller gets that run's result.
 */
export function debounceAsync<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
  waitMs: number,
): (...args: A) => Promise<R> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: { resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  return (...args: A) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const batch = waiting;
        waiting = [];
        run(...args).then(
          (value) => batch.forEach((caller) => caller.resolve(value)),
          (error: unknown) => batch.forEach((caller) => caller.reject(error)),
        );
      }, waitMs);
    });
}
