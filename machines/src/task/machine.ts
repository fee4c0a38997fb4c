import { TaskStatus, type TaskButton } from '@draw/shared';
import { and, assign, setup } from 'xstate';
import { clampPercent, formatProgress } from './status';

/** Upstream fails a task after 5 minutes of running; we also cover queueing and modal waits. */
export const DEFAULT_TASK_DEADLINE_MS = 10 * 60_000;

/** The fields of a task that its lifecycle changes (named as on `Task`), plus what drives it. */
export interface TaskMachineContext {
  status: TaskStatus;
  /** 0–100, what progress is compared on. */
  percent: number;
  /** `percent` as the Task document stores it: `"45%"`. */
  progress: string;
  previewUrl: string | null;
  imageUrl: string | null;
  /** A VIDEO task's clip, set when it succeeds. */
  videoUrl: string | null;
  failReason: string | null;
  startTime: number | null;
  finishTime: number | null;
  buttons: TaskButton[];
  /** Time allowed from creation to a terminal state. */
  deadlineMs: number;
}

export interface TaskMachineInput {
  deadlineMs?: number;
  /** The task was created waiting for modal input (upstream code 21), so it starts in MODAL. */
  awaitingModal?: boolean;
}

/** `at` (epoch ms) lets callers replay recorded times; without it the event happens now. */
export type TaskEvent =
  | { type: 'task.submitted' }
  | { type: 'task.modalRequired' }
  | { type: 'task.modalSubmitted' }
  | { type: 'task.started'; at?: number }
  | { type: 'task.progress'; progress: number; previewUrl?: string | null; at?: number }
  | {
      type: 'task.succeeded';
      imageUrl?: string | null;
      videoUrl?: string | null;
      buttons: TaskButton[];
      at?: number;
    }
  | { type: 'task.failed'; reason: string; at?: number }
  | { type: 'task.cancelled'; reason?: string; at?: number }
  | { type: 'task.deadlineExpired'; reason?: string; at?: number };

export type TaskEventType = TaskEvent['type'];

/**
 * Ways out of every non-terminal state. Spread into each state rather than put on the root: a
 * root handler would also match in the final states of a pure `transition()` from a stored
 * snapshot (only a running actor stops at a final state).
 */
const endEarly = {
  'task.failed': { target: TaskStatus.Failure, actions: 'recordFailure' },
  'task.cancelled': { target: TaskStatus.Cancel, actions: 'recordCancel' },
  'task.deadlineExpired': { target: TaskStatus.Failure, actions: 'recordDeadline' },
} as const;

export function deadlineReason(deadlineMs: number): string {
  const minutes = Math.round(deadlineMs / 60_000);
  return minutes >= 1
    ? `Task timed out: no result after ${minutes} minute${minutes === 1 ? '' : 's'}`
    : `Task timed out: no result after ${Math.round(deadlineMs / 1000)} seconds`;
}

function eventTime(event: { at?: number }): number {
  return event.at ?? Date.now();
}

/**
 * One drawing task's lifecycle. State names are the `TaskStatus` values, so `snapshot.value` is
 * the status. Terminal statuses are final states: once there, the machine is done and ignores
 * every event, which is what makes duplicate and late callbacks harmless.
 */
export const taskMachine = setup({
  types: {
    context: {} as TaskMachineContext,
    events: {} as TaskEvent,
    input: {} as TaskMachineInput | void,
  },
  delays: {
    taskDeadline: ({ context }) => context.deadlineMs,
  },
  guards: {
    opensInModal: ({ context }) => context.status === TaskStatus.Modal,
    progressReadable: ({ event }) => event.type === 'task.progress' && Number.isFinite(event.progress),
    // Lower or equal progress is stale or a repeat: refusing it is what keeps progress monotonic.
    progressAdvances: and([
      'progressReadable',
      ({ context, event }) =>
        event.type === 'task.progress' && clampPercent(event.progress) > context.percent,
    ]),
  },
  actions: {
    enterStatus: assign((_, params: { status: TaskStatus }) => ({ status: params.status })),
    markStarted: assign(({ context, event }) => ({
      startTime:
        context.startTime ??
        (event.type === 'task.started' || event.type === 'task.progress' ? eventTime(event) : Date.now()),
    })),
    recordProgress: assign(({ context, event }) => {
      if (event.type !== 'task.progress') return {};
      const percent = Math.max(context.percent, clampPercent(event.progress));
      return {
        percent,
        progress: formatProgress(percent),
        previewUrl: event.previewUrl ?? context.previewUrl,
      };
    }),
    recordSuccess: assign(({ context, event }) => {
      if (event.type !== 'task.succeeded') return {};
      return {
        percent: 100,
        progress: formatProgress(100),
        imageUrl: event.imageUrl ?? context.imageUrl,
        videoUrl: event.videoUrl ?? context.videoUrl,
        buttons: event.buttons,
        finishTime: eventTime(event),
      };
    }),
    recordFailure: assign(({ event }) => {
      if (event.type !== 'task.failed') return {};
      return { failReason: event.reason, finishTime: eventTime(event) };
    }),
    recordCancel: assign(({ event }) => {
      if (event.type !== 'task.cancelled') return {};
      return { failReason: event.reason ?? null, finishTime: eventTime(event) };
    }),
    // Shared by the timer and the explicit event the server sends for deadlines that passed
    // while it was down (a restored actor does not re-arm the timer).
    recordDeadline: assign(({ context, event }) => {
      const explicit = event.type === 'task.deadlineExpired' ? event : undefined;
      return {
        failReason: explicit?.reason ?? deadlineReason(context.deadlineMs),
        finishTime: explicit ? eventTime(explicit) : Date.now(),
      };
    }),
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({
    // NOT_START has no entry action, so this is how `awaitingModal` reaches its eventless transition.
    status: input?.awaitingModal ? TaskStatus.Modal : TaskStatus.NotStart,
    percent: 0,
    progress: formatProgress(0),
    previewUrl: null,
    imageUrl: null,
    videoUrl: null,
    failReason: null,
    startTime: null,
    finishTime: null,
    buttons: [],
    deadlineMs: input?.deadlineMs ?? DEFAULT_TASK_DEADLINE_MS,
  }),
  initial: TaskStatus.NotStart,
  // On the root, so the timer runs once from creation and no step resets it; it dies with the
  // machine when a final state is reached.
  after: {
    taskDeadline: { target: `.${TaskStatus.Failure}`, actions: 'recordDeadline' },
  },
  states: {
    [TaskStatus.NotStart]: {
      always: { guard: 'opensInModal', target: TaskStatus.Modal },
      on: {
        'task.submitted': TaskStatus.Submitted,
        'task.modalRequired': TaskStatus.Modal,
        // Later statuses straight from NOT_START: their callbacks may be the first we hear.
        'task.started': { target: TaskStatus.InProgress, actions: 'markStarted' },
        'task.progress': {
          guard: 'progressReadable',
          target: TaskStatus.InProgress,
          actions: ['markStarted', 'recordProgress'],
        },
        'task.succeeded': { target: TaskStatus.Success, actions: 'recordSuccess' },
        ...endEarly,
      },
    },
    [TaskStatus.Modal]: {
      entry: { type: 'enterStatus', params: { status: TaskStatus.Modal } },
      // Only the user's modal input moves it on (or it ends early).
      on: { 'task.modalSubmitted': TaskStatus.Submitted, ...endEarly },
    },
    [TaskStatus.Submitted]: {
      entry: { type: 'enterStatus', params: { status: TaskStatus.Submitted } },
      on: {
        'task.started': { target: TaskStatus.InProgress, actions: 'markStarted' },
        // Progress implies the task started, even if that callback was lost.
        'task.progress': {
          guard: 'progressReadable',
          target: TaskStatus.InProgress,
          actions: ['markStarted', 'recordProgress'],
        },
        'task.succeeded': { target: TaskStatus.Success, actions: 'recordSuccess' },
        ...endEarly,
      },
    },
    [TaskStatus.InProgress]: {
      entry: { type: 'enterStatus', params: { status: TaskStatus.InProgress } },
      on: {
        'task.progress': { guard: 'progressAdvances', actions: 'recordProgress' },
        'task.succeeded': { target: TaskStatus.Success, actions: 'recordSuccess' },
        ...endEarly,
      },
    },
    [TaskStatus.Success]: {
      type: 'final',
      entry: { type: 'enterStatus', params: { status: TaskStatus.Success } },
    },
    [TaskStatus.Failure]: {
      type: 'final',
      entry: { type: 'enterStatus', params: { status: TaskStatus.Failure } },
    },
    [TaskStatus.Cancel]: {
      type: 'final',
      entry: { type: 'enterStatus', params: { status: TaskStatus.Cancel } },
    },
  },
});

export type TaskMachine = typeof taskMachine;
