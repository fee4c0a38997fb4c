import { TaskStatus, type TaskButton } from '@draw/shared';
import { SimulatedClock, createActor, transition } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_TASK_STATUSES, makeTask } from './fixtures';
import { deadlineReason, taskMachine, type TaskEvent, type TaskEventType } from './machine';
import { taskSnapshotFromTask } from './update';

const { NotStart, Modal, Submitted, InProgress, Success, Failure, Cancel } = TaskStatus;
const BUTTONS: TaskButton[] = [{ customId: 'MJ::JOB::upsample::1::abc', emoji: '', label: 'U1' }];

/** One representative event of each type. */
const SAMPLE_EVENTS: Record<TaskEventType, TaskEvent> = {
  'task.submitted': { type: 'task.submitted' },
  'task.modalRequired': { type: 'task.modalRequired' },
  'task.modalSubmitted': { type: 'task.modalSubmitted' },
  'task.started': { type: 'task.started', at: 2_000 },
  'task.progress': { type: 'task.progress', progress: 50, previewUrl: '/p/50.png', at: 2_000 },
  'task.succeeded': { type: 'task.succeeded', imageUrl: '/i/final.png', buttons: BUTTONS, at: 9_000 },
  'task.failed': { type: 'task.failed', reason: 'banned prompt', at: 9_000 },
  'task.cancelled': { type: 'task.cancelled', at: 9_000 },
  'task.deadlineExpired': { type: 'task.deadlineExpired', at: 9_000 },
};

/** The whole transition table, written out: anything not listed must be refused. */
const ALLOWED: Record<TaskStatus, Partial<Record<TaskEventType, TaskStatus>>> = {
  [NotStart]: {
    'task.submitted': Submitted,
    'task.modalRequired': Modal,
    'task.started': InProgress,
    'task.progress': InProgress,
    'task.succeeded': Success,
    'task.failed': Failure,
    'task.cancelled': Cancel,
    'task.deadlineExpired': Failure,
  },
  [Modal]: {
    'task.modalSubmitted': Submitted,
    'task.failed': Failure,
    'task.cancelled': Cancel,
    'task.deadlineExpired': Failure,
  },
  [Submitted]: {
    'task.started': InProgress,
    'task.progress': InProgress,
    'task.succeeded': Success,
    'task.failed': Failure,
    'task.cancelled': Cancel,
    'task.deadlineExpired': Failure,
  },
  [InProgress]: {
    'task.progress': InProgress, // 50 > the 30 it is at
    'task.succeeded': Success,
    'task.failed': Failure,
    'task.cancelled': Cancel,
    'task.deadlineExpired': Failure,
  },
  [Success]: {},
  [Failure]: {},
  [Cancel]: {},
};

function snapshotIn(status: TaskStatus) {
  return taskSnapshotFromTask(makeTask({ status, progress: status === InProgress ? '30%' : '0%' }));
}

describe('taskMachine transition table', () => {
  const cases = ALL_TASK_STATUSES.flatMap((from) =>
    Object.values(SAMPLE_EVENTS).map((event) => ({ from, event, to: ALLOWED[from][event.type] })),
  );

  it.each(cases.filter((c) => c.to !== undefined))('$from --$event.type--> $to', ({ from, event, to }) => {
    const before = snapshotIn(from);
    expect(before.can(event)).toBe(true);
    const [after] = transition(taskMachine, before, event);
    expect(after.value).toBe(to);
    expect(after.context.status).toBe(to);
  });

  it.each(cases.filter((c) => c.to === undefined))('$from refuses $event.type', ({ from, event }) => {
    const before = snapshotIn(from);
    expect(before.can(event)).toBe(false);
    const [after] = transition(taskMachine, before, event);
    expect(after).toBe(before);
  });
});

describe('taskMachine lifecycle', () => {
  it('runs a task from creation to success, recording times, progress and result', () => {
    const actor = createActor(taskMachine, { input: {} }).start();
    actor.send({ type: 'task.submitted' });
    actor.send({ type: 'task.started', at: 2_000 });
    actor.send({ type: 'task.progress', progress: 45, previewUrl: '/p/45.png' });
    expect(actor.getSnapshot().context).toMatchObject({
      status: InProgress,
      percent: 45,
      progress: '45%',
      previewUrl: '/p/45.png',
      startTime: 2_000,
    });
    actor.send({ type: 'task.succeeded', imageUrl: '/i/final.png', buttons: BUTTONS, at: 9_000 });
    const done = actor.getSnapshot();
    expect(done.status).toBe('done');
    expect(done.context).toMatchObject({
      status: Success,
      percent: 100,
      progress: '100%',
      imageUrl: '/i/final.png',
      buttons: BUTTONS,
      finishTime: 9_000,
      failReason: null,
    });
  });

  it('progress never goes down: lower or equal updates are refused', () => {
    const actor = createActor(taskMachine, { input: {} }).start();
    actor.send({ type: 'task.submitted' });
    // progress in SUBMITTED implies the task started
    actor.send({ type: 'task.progress', progress: 10, at: 2_000 });
    expect(actor.getSnapshot().context).toMatchObject({ status: InProgress, startTime: 2_000, percent: 10 });
    for (const progress of [40, 20, 40, 5, 60, 59])
      actor.send({ type: 'task.progress', progress, previewUrl: `/p/${progress}.png` });
    expect(actor.getSnapshot().context).toMatchObject({
      percent: 60,
      progress: '60%',
      previewUrl: '/p/60.png',
    });
    expect(actor.getSnapshot().can({ type: 'task.progress', progress: 60 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'task.progress', progress: Number.NaN })).toBe(false);
    expect(snapshotIn(Submitted).can({ type: 'task.progress', progress: Number.NaN })).toBe(false);
  });

  it('a task created waiting for modal input starts in MODAL and is queued once it is given', () => {
    const actor = createActor(taskMachine, { input: { awaitingModal: true } }).start();
    expect(actor.getSnapshot().value).toBe(Modal);
    expect(actor.getSnapshot().context.status).toBe(Modal);
    actor.send({ type: 'task.progress', progress: 10 }); // no skipping the modal input
    expect(actor.getSnapshot().value).toBe(Modal);
    actor.send({ type: 'task.modalSubmitted' });
    expect(actor.getSnapshot().value).toBe(Submitted);
  });

  it.each([NotStart, Modal, Submitted, InProgress])('can be cancelled from %s', (from) => {
    const [after] = transition(taskMachine, snapshotIn(from), {
      type: 'task.cancelled',
      reason: 'cancelled by user',
      at: 5_000,
    });
    expect(after.value).toBe(Cancel);
    expect(after.status).toBe('done');
    expect(after.context).toMatchObject({
      status: Cancel,
      failReason: 'cancelled by user',
      finishTime: 5_000,
    });
  });

  it.each([Success, Failure, Cancel])('nothing leaves %s, and repeats change nothing', (terminal) => {
    const before = snapshotIn(terminal);
    expect(before.status).toBe('done');
    for (const event of Object.values(SAMPLE_EVENTS)) {
      expect(transition(taskMachine, before, event)[0]).toBe(before);
    }
  });

  it('a live actor ignores a second terminal event', () => {
    // XState warns (in development) about events sent to a finished actor: expected here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const actor = createActor(taskMachine, { input: {} }).start();
    actor.send({ type: 'task.succeeded', imageUrl: '/i/a.png', buttons: BUTTONS, at: 3_000 });
    const first = actor.getSnapshot();
    actor.send({ type: 'task.succeeded', imageUrl: '/i/b.png', buttons: [], at: 4_000 });
    actor.send({ type: 'task.failed', reason: 'late failure' });
    expect(actor.getSnapshot()).toBe(first);
    warn.mockRestore();
  });
});

describe('taskMachine deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a task that does not finish in time, with a reason (fake timers)', () => {
    vi.useFakeTimers();
    const actor = createActor(taskMachine, { input: { deadlineMs: 60_000 } }).start();
    actor.send({ type: 'task.submitted' });
    vi.advanceTimersByTime(30_000);
    actor.send({ type: 'task.progress', progress: 20 });
    // progress does not reset the deadline: it counts from creation
    vi.advanceTimersByTime(29_999);
    expect(actor.getSnapshot().value).toBe(InProgress);
    vi.advanceTimersByTime(1);
    const { value, context, status } = actor.getSnapshot();
    expect(value).toBe(Failure);
    expect(status).toBe('done');
    expect(context.failReason).toBe(deadlineReason(60_000));
    expect(context.failReason).toMatch(/timed out.*1 minute/);
    expect(context.finishTime).toBe(Date.now());
  });

  it('also expires a task waiting for modal input (simulated clock)', () => {
    const clock = new SimulatedClock();
    const actor = createActor(taskMachine, {
      input: { deadlineMs: 5_000, awaitingModal: true },
      clock,
    }).start();
    clock.increment(4_999);
    expect(actor.getSnapshot().value).toBe(Modal);
    clock.increment(1);
    expect(actor.getSnapshot().context).toMatchObject({ status: Failure, failReason: deadlineReason(5_000) });
  });

  it('does not fire once the task has finished', () => {
    const clock = new SimulatedClock();
    const actor = createActor(taskMachine, { input: { deadlineMs: 5_000 }, clock }).start();
    actor.send({ type: 'task.succeeded', buttons: [], imageUrl: '/i/x.png', at: 1_000 });
    clock.increment(10_000);
    expect(actor.getSnapshot().context).toMatchObject({ status: Success, failReason: null });
  });

  it('can be fired explicitly (after a restart) with its own reason', () => {
    const [after] = transition(taskMachine, snapshotIn(InProgress), {
      type: 'task.deadlineExpired',
      reason: 'lost during restart',
      at: 7_000,
    });
    expect(after.context).toMatchObject({
      status: Failure,
      failReason: 'lost during restart',
      finishTime: 7_000,
    });
    const [defaulted] = transition(taskMachine, snapshotIn(Submitted), { type: 'task.deadlineExpired' });
    expect(defaulted.context.failReason).toBe(deadlineReason(defaulted.context.deadlineMs));
  });
});

describe('taskMachine persistence', () => {
  it('restores a persisted IN_PROGRESS task and finishes it', () => {
    const running = createActor(taskMachine, { input: { deadlineMs: 60_000 } }).start();
    running.send({ type: 'task.submitted' });
    running.send({ type: 'task.progress', progress: 45, previewUrl: '/p/45.png', at: 2_000 });
    // What the server stores; JSON round trip as a database would do.
    const stored: unknown = JSON.parse(JSON.stringify(running.getPersistedSnapshot()));
    running.stop();

    const restored = createActor(taskMachine, {
      snapshot: stored as ReturnType<typeof running.getPersistedSnapshot>,
    }).start();
    expect(restored.getSnapshot().value).toBe(InProgress);
    expect(restored.getSnapshot().context).toMatchObject({
      percent: 45,
      startTime: 2_000,
      deadlineMs: 60_000,
    });
    restored.send({ type: 'task.progress', progress: 30 }); // still monotonic after restore
    restored.send({ type: 'task.progress', progress: 90 });
    restored.send({ type: 'task.succeeded', imageUrl: '/i/final.png', buttons: BUTTONS, at: 9_000 });
    expect(restored.getSnapshot().status).toBe('done');
    expect(restored.getSnapshot().context).toMatchObject({
      status: Success,
      imageUrl: '/i/final.png',
      previewUrl: '/p/45.png',
      finishTime: 9_000,
    });
  });

  it('restores from a stored Task document too', () => {
    const task = makeTask({ status: InProgress, progress: '70%', startTime: 2_000 });
    const actor = createActor(taskMachine, { snapshot: taskSnapshotFromTask(task) }).start();
    actor.send({ type: 'task.failed', reason: 'upstream restarted', at: 3_000 });
    expect(actor.getSnapshot().context).toMatchObject({
      status: Failure,
      percent: 70,
      failReason: 'upstream restarted',
    });
  });
});
