import { describe, expect, it } from 'vitest';
import { PROGRESS_STEPS, raceAbort, sleep, throwIfAborted } from './progress';

describe('progress', () => {
  it('steps upwards with sharper previews', () => {
    const values = PROGRESS_STEPS.map((s) => s.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1)).toBeLessThan(100);
    for (let i = 1; i < PROGRESS_STEPS.length; i++)
      expect(PROGRESS_STEPS[i]!.blur).toBeLessThan(PROGRESS_STEPS[i - 1]!.blur);
  });

  it('sleeps, and wakes with an AbortError when aborted', async () => {
    const controller = new AbortController();
    await expect(sleep(0, controller.signal)).resolves.toBeUndefined();
    const started = Date.now();
    const pending = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort('cancelled'), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', cause: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(sleep(0, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(() => throwIfAborted(controller.signal)).toThrow(/aborted/);
  });

  it('races work against the signal', async () => {
    const controller = new AbortController();
    await expect(raceAbort(Promise.resolve(7), controller.signal)).resolves.toBe(7);
    await expect(raceAbort(Promise.reject(new Error('boom')), controller.signal)).rejects.toThrow('boom');
    const never = new Promise<number>(() => undefined);
    const raced = raceAbort(never, controller.signal);
    controller.abort();
    await expect(raced).rejects.toMatchObject({ name: 'AbortError' });
  });
});
