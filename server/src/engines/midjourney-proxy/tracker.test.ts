import { describe, expect, it } from 'vitest';
import { UpstreamError } from './errors';
import { readUpstreamTask, type UpstreamTask } from './protocol';
import { UpstreamTracker, type TrackerOptions } from './tracker';

const snap = (status: string, progress = '', id = 'u1'): UpstreamTask =>
  readUpstreamTask({ id, status, progress })!;
const options: TrackerOptions = { pollMinMs: 10, pollMaxMs: 40, maxPollFailures: 3 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Follows u1 for task t1, recording each snapshot handled; SUCCESS ends it. */
function follow(tracker: UpstreamTracker, signal = new AbortController().signal, pollNow = false) {
  const seen: string[] = [];
  const result = tracker.follow<string>({
    taskId: 't1',
    upstreamId: 'u1',
    signal,
    pollNow,
    onSnapshot: async (task) => {
      seen.push(`${task.status} ${task.progress}`.trim());
      if (task.status === 'FAILURE') throw new Error(task.failReason || 'failed');
      return task.status === 'SUCCESS' ? 'done' : undefined;
    },
  });
  return { seen, result };
}

describe('UpstreamTracker', () => {
  it('handles only snapshots newer than the last, in order, from hooks', async () => {
    const tracker = new UpstreamTracker(async () => snap('SUBMITTED'), { ...options, pollMinMs: 1000 });
    const { seen, result } = follow(tracker);
    for (const [status, progress] of [
      ['SUBMITTED', ''],
      ['IN_PROGRESS', '40%'],
      ['IN_PROGRESS', '20%'],
      ['IN_PROGRESS', '40%'],
      ['SUBMITTED', ''],
      ['IN_PROGRESS', '60%'],
    ]) {
      tracker.deliver('t1', snap(status!, progress));
    }
    tracker.deliver('t1', snap('SUCCESS', '100%', 'someone-else'));
    tracker.deliver('t1', snap('SUCCESS', '100%'));
    tracker.deliver('t1', snap('FAILURE'));
    await expect(result).resolves.toBe('done');
    expect(seen).toEqual(['SUBMITTED', 'IN_PROGRESS 40%', 'IN_PROGRESS 60%', 'SUCCESS 100%']);
    expect(tracker.size).toBe(0);
  });

  it('keeps a hook that arrives before the task is followed', async () => {
    const tracker = new UpstreamTracker(async () => snap('SUBMITTED'), { ...options, pollMinMs: 1000 });
    tracker.deliver('t1', snap('IN_PROGRESS', '30%'));
    tracker.deliver('t1', snap('SUCCESS', '100%'));
    const { seen, result } = follow(tracker);
    await expect(result).resolves.toBe('done');
    expect(seen).toEqual(['SUCCESS 100%']);
  });

  it('polls a quiet task, backing off while nothing changes', async () => {
    const times: number[] = [];
    let calls = 0;
    const tracker = new UpstreamTracker(async () => {
      times.push(Date.now());
      calls += 1;
      return calls < 6 ? snap('SUBMITTED') : snap('SUCCESS', '100%');
    }, options);
    const { seen, result } = follow(tracker);
    await expect(result).resolves.toBe('done');
    expect(seen).toEqual(['SUBMITTED', 'SUCCESS 100%']);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 10 after the first news, then 20, 40, 40 (capped).
    expect(gaps[1]!).toBeGreaterThanOrEqual(gaps[0]! - 3);
    expect(Math.max(...gaps)).toBeLessThan(90);
    expect(gaps.at(-1)!).toBeGreaterThanOrEqual(35);
  });

  it('fails a task the upstream no longer knows, and one it cannot reach for several polls', async () => {
    const forgotten = follow(new UpstreamTracker(async () => null, options));
    await expect(forgotten.result).rejects.toThrow(/no longer knows this task/);

    let calls = 0;
    const flaky = new UpstreamTracker(async () => {
      calls += 1;
      throw new UpstreamError('down', { detail: 'connection refused' });
    }, options);
    await expect(follow(flaky).result).rejects.toThrow(/Lost contact .* \(connection refused\)/);
    expect(calls).toBe(3);
  });

  it('forgives failed polls once one works again', async () => {
    const answers: (UpstreamTask | Error)[] = [
      new Error('x'),
      new Error('x'),
      snap('SUBMITTED'),
      new Error('x'),
      new Error('x'),
      snap('SUCCESS', '100%'),
    ];
    const tracker = new UpstreamTracker(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    }, options);
    await expect(follow(tracker).result).resolves.toBe('done');
  });

  it('stops at once when the run is aborted, and fails on a FAILURE snapshot', async () => {
    const controller = new AbortController();
    const tracker = new UpstreamTracker(async () => snap('SUBMITTED'), options);
    const { result } = follow(tracker, controller.signal);
    await sleep(15);
    controller.abort(new Error('shutting down'));
    await expect(result).rejects.toThrow('shutting down');
    expect(tracker.size).toBe(0);

    const failing = new UpstreamTracker(
      async () => readUpstreamTask({ id: 'u1', status: 'FAILURE', failReason: 'banned' }),
      options,
    );
    await expect(follow(failing, undefined, true).result).rejects.toThrow('banned');
  });
});
