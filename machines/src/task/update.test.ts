import { TaskStatus, type Task, type TaskButton } from '@draw/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { ALL_TASK_STATUSES, makeTask } from './fixtures';
import { taskMachine } from './machine';
import { isTerminal, parseProgress, statusRank } from './status';
import {
  TaskRefusal,
  UNKNOWN_FAILURE_REASON,
  applyTaskUpdate,
  lifecycleFieldsOf,
  taskEventFromUpdate,
  taskSnapshotFromTask,
  type TaskUpdate,
} from './update';

const { NotStart, Modal, Submitted, InProgress, Success, Failure, Cancel } = TaskStatus;
const BUTTONS: TaskButton[] = [{ customId: 'MJ::JOB::variation::1::abc', emoji: '', label: 'V1' }];

/** What an upstream snapshot in `status` looks like. */
function upstream(status: TaskStatus, overrides: Partial<Task> = {}): TaskUpdate {
  const finished = isTerminal(status);
  return {
    status,
    progress: status === Success ? '100%' : status === InProgress ? '40%' : '0%',
    imageUrl: status === Success ? '/i/final.png' : null,
    failReason: status === Failure ? 'moderation' : null,
    buttons: status === Success ? BUTTONS : [],
    startTime: status === InProgress || finished ? 2_000 : null,
    finishTime: finished ? 9_000 : null,
    ...overrides,
  };
}

function taskIn(status: TaskStatus): Task {
  return makeTask({ status, progress: status === InProgress ? '40%' : status === Success ? '100%' : '0%' });
}

describe('status order', () => {
  it('is NOT_START < MODAL < SUBMITTED < IN_PROGRESS < terminal', () => {
    const ordered = [NotStart, Modal, Submitted, InProgress, Success];
    expect(ordered.map(statusRank)).toEqual([...ordered.map(statusRank)].sort((a, b) => a - b));
    expect(new Set(ordered.map(statusRank)).size).toBe(ordered.length);
    expect(statusRank(Failure)).toBe(statusRank(Success));
    expect(statusRank(Cancel)).toBe(statusRank(Success));
  });

  it('knows the terminal statuses', () => {
    expect(ALL_TASK_STATUSES.filter(isTerminal).sort()).toEqual([Cancel, Failure, Success]);
  });

  it('parses progress strings', () => {
    expect(parseProgress('45%')).toBe(45);
    expect(parseProgress(' 100 % ')).toBe(100);
    expect(parseProgress('12.6%')).toBe(13);
    expect(parseProgress('250%')).toBe(100);
    expect(parseProgress('')).toBeNull();
    expect(parseProgress(undefined)).toBeNull();
    expect(parseProgress('soon')).toBeNull();
  });
});

describe('applyTaskUpdate over every pair of statuses', () => {
  // The rule, stated independently of the machine: only a strictly later status of an unfinished task.
  const cases = ALL_TASK_STATUSES.flatMap((from) =>
    ALL_TASK_STATUSES.map((to) => ({
      from,
      to,
      allowed: !isTerminal(from) && statusRank(to) > statusRank(from),
    })),
  );

  it.each(cases.filter((c) => c.allowed))('accepts $from → $to', ({ from, to }) => {
    const result = applyTaskUpdate(taskIn(from), upstream(to));
    expect(result).toMatchObject({ accepted: true, task: { status: to } });
    expect(result.reason).toBeUndefined();
  });

  it.each(cases.filter((c) => !c.allowed))(
    'refuses $from → $to and leaves the task as it was',
    ({ from, to }) => {
      const current = taskIn(from);
      const result = applyTaskUpdate(current, upstream(to));
      expect(result.accepted).toBe(false);
      expect(result.task).toBe(current);
      const expected = isTerminal(from)
        ? from === to
          ? TaskRefusal.Duplicate
          : TaskRefusal.Terminal
        : from === to
          ? TaskRefusal.Duplicate
          : TaskRefusal.Backwards;
      expect(result.reason).toBe(expected);
    },
  );
});

describe('applyTaskUpdate details', () => {
  it('takes the lifecycle fields from the machine and keeps identity fields', () => {
    const current = taskIn(InProgress);
    const { task, accepted } = applyTaskUpdate(current, {
      ...upstream(Success),
      id: 'forged',
      channelId: 'elsewhere',
      seed: '1234',
      description: 'done',
    });
    expect(accepted).toBe(true);
    expect(task).toEqual({
      ...current,
      status: Success,
      progress: '100%',
      imageUrl: '/i/final.png',
      buttons: BUTTONS,
      finishTime: 9_000,
      seed: '1234',
      description: 'done',
    });
  });

  it('accepts higher progress only, taking the preview upstream sends in imageUrl', () => {
    let task = taskIn(InProgress); // 40%
    const lower = applyTaskUpdate(task, upstream(InProgress, { progress: '20%' }));
    expect(lower).toMatchObject({ accepted: false, reason: TaskRefusal.Backwards });
    const same = applyTaskUpdate(task, upstream(InProgress, { progress: '40%' }));
    expect(same).toMatchObject({ accepted: false, reason: TaskRefusal.Duplicate });
    const higher = applyTaskUpdate(task, upstream(InProgress, { progress: '75%', imageUrl: '/p/75.png' }));
    expect(higher).toMatchObject({
      accepted: true,
      task: { progress: '75%', previewUrl: '/p/75.png', imageUrl: null },
    });
    task = higher.task;
    expect(applyTaskUpdate(task, upstream(InProgress, { progress: '' }))).toMatchObject({
      accepted: false,
      reason: TaskRefusal.Duplicate,
    });
  });

  it('treats a duplicate terminal callback as harmless', () => {
    const first = applyTaskUpdate(taskIn(InProgress), upstream(Success));
    const again = applyTaskUpdate(first.task, upstream(Success, { imageUrl: '/i/other.png' }));
    expect(again).toEqual({ accepted: false, reason: TaskRefusal.Duplicate, task: first.task });
    const late = applyTaskUpdate(first.task, upstream(Failure));
    expect(late).toEqual({ accepted: false, reason: TaskRefusal.Terminal, task: first.task });
  });

  it('gives a failure without a reason one', () => {
    const { task } = applyTaskUpdate(taskIn(Submitted), upstream(Failure, { failReason: '' }));
    expect(task.failReason).toBe(UNKNOWN_FAILURE_REASON);
  });

  it('moves a modal task on only through its modal input, inferred from a later status', () => {
    expect(taskEventFromUpdate(upstream(InProgress), Modal).map((e) => e.type)).toEqual([
      'task.modalSubmitted',
      'task.progress',
    ]);
    expect(taskEventFromUpdate(upstream(Submitted), Modal).map((e) => e.type)).toEqual([
      'task.modalSubmitted',
    ]);
    expect(taskEventFromUpdate(upstream(Success), Modal).map((e) => e.type)).toEqual([
      'task.modalSubmitted',
      'task.succeeded',
    ]);
    expect(taskEventFromUpdate(upstream(Cancel), Modal).map((e) => e.type)).toEqual(['task.cancelled']);
    expect(applyTaskUpdate(taskIn(Modal), upstream(InProgress)).task).toMatchObject({
      status: InProgress,
      progress: '40%',
      startTime: 2_000,
    });
  });

  it('maps upstream snapshots to machine events', () => {
    expect(taskEventFromUpdate(upstream(NotStart))).toEqual([]);
    expect(taskEventFromUpdate(upstream(Modal))).toEqual([{ type: 'task.modalRequired' }]);
    expect(taskEventFromUpdate(upstream(Submitted))).toEqual([{ type: 'task.submitted' }]);
    expect(taskEventFromUpdate(upstream(InProgress, { imageUrl: '/p/40.png' }))).toEqual([
      { type: 'task.progress', progress: 40, previewUrl: '/p/40.png', at: 2_000 },
    ]);
    expect(taskEventFromUpdate(upstream(InProgress, { progress: undefined }))).toEqual([
      { type: 'task.started', at: 2_000 },
    ]);
    expect(taskEventFromUpdate(upstream(Success))).toEqual([
      { type: 'task.succeeded', imageUrl: '/i/final.png', buttons: BUTTONS, at: 9_000 },
    ]);
    expect(taskEventFromUpdate(upstream(Failure))).toEqual([
      { type: 'task.failed', reason: 'moderation', at: 9_000 },
    ]);
    expect(taskEventFromUpdate(upstream(Cancel))).toEqual([
      { type: 'task.cancelled', reason: undefined, at: 9_000 },
    ]);
  });
});

describe('out-of-order updates never move a task backwards', () => {
  // A realistic lifecycle's callbacks, delivered in any order, some twice.
  const lifecycle: TaskUpdate[] = [
    upstream(Submitted),
    upstream(InProgress, { progress: '0%' }),
    upstream(InProgress, { progress: '25%', imageUrl: '/p/25.png' }),
    upstream(InProgress, { progress: '50%', imageUrl: '/p/50.png' }),
    upstream(InProgress, { progress: '75%', imageUrl: '/p/75.png' }),
    upstream(Success),
  ];
  const arbitraryDelivery = fc
    .array(fc.integer({ min: 0, max: lifecycle.length - 1 }), { minLength: 1, maxLength: 20 })
    .map((indexes) => indexes.map((i) => lifecycle[i] as TaskUpdate));

  it('keeps status and progress monotonic whatever the order', () => {
    fc.assert(
      fc.property(arbitraryDelivery, (updates) => {
        let task = makeTask();
        for (const update of updates) {
          const { task: next } = applyTaskUpdate(task, update);
          const byStatus = statusRank(next.status) - statusRank(task.status);
          expect(byStatus).toBeGreaterThanOrEqual(0);
          if (byStatus === 0)
            expect(parseProgress(next.progress) ?? 0).toBeGreaterThanOrEqual(
              parseProgress(task.progress) ?? 0,
            );
          task = next;
        }
        // once the success arrived, nothing displaced it
        if (updates.some((u) => u.status === Success))
          expect(task).toMatchObject({ status: Success, imageUrl: '/i/final.png' });
      }),
    );
  });

  it('is idempotent: applying an update twice changes nothing more', () => {
    fc.assert(
      fc.property(arbitraryDelivery, (updates) => {
        let task = makeTask();
        for (const update of updates) {
          task = applyTaskUpdate(task, update).task;
          const again = applyTaskUpdate(task, update);
          expect(again.accepted).toBe(false);
          expect(again.task).toBe(task);
        }
      }),
    );
  });
});

describe('applyTaskUpdate decides as the machine does, through a shared scope or the running-task fast path', () => {
  /** The rule through xstate's own `transition()`, which builds a fresh actor for every call. */
  function throughFreshActors(current: Task, incoming: TaskUpdate) {
    const events = taskEventFromUpdate(incoming, current.status);
    if (events.length === 0) return null;
    let snapshot = taskSnapshotFromTask(current);
    for (const event of events) {
      if (!snapshot.can(event)) return null;
      [snapshot] = transition(taskMachine, snapshot, event);
    }
    return lifecycleFieldsOf(snapshot.context);
  }

  it('decides and changes a task exactly as fresh actors would, update after update', () => {
    // Running tasks get most updates (and a quicker path than the interpreter): weight them.
    const arbitraryUpdate = fc.record({
      status: fc.oneof(fc.constantFrom(...ALL_TASK_STATUSES), fc.constant(InProgress)),
      progress: fc.constantFrom('0%', '15%', '40%', '40.4%', '41%', '90%', '100%', '120%', ' 55 ', '', 'n/a'),
      imageUrl: fc.constantFrom(null, '/p/one.webp', '/p/two.webp'),
      previewUrl: fc.constantFrom(undefined, null, '/p/three.webp'),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL_TASK_STATUSES),
        fc.array(arbitraryUpdate, { minLength: 1, maxLength: 15 }),
        (start, updates) => {
          let task = taskIn(start);
          for (const { status, progress, imageUrl, previewUrl } of updates) {
            const update = upstream(status, {
              progress,
              ...(status === InProgress ? { imageUrl, previewUrl } : {}),
            });
            const expected = throughFreshActors(task, update);
            const result = applyTaskUpdate(task, update);
            expect(result.accepted).toBe(expected !== null);
            if (expected) expect(lifecycleFieldsOf(result.task)).toEqual(expected);
            else expect(result.task).toBe(task);
            task = result.task;
          }
        },
      ),
    );
  });
});
