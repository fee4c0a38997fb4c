/**
 * Runs `work` and measures the longest gap between two turns of the event loop meanwhile (a 1 ms
 * interval's lateness): how long the work held the loop at once.
 */
export async function longestStall<T>(
  work: () => Promise<T>,
): Promise<{ value: T; stallMs: number; totalMs: number }> {
  const start = performance.now();
  let last = start;
  let stallMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 1);
  try {
    const value = await work();
    const totalMs = performance.now() - start;
    // A stall at the very end shows at the interval's next turn.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { value, stallMs, totalMs };
  } finally {
    clearInterval(probe);
  }
}
