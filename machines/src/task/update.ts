import { TaskStatus, type Task } from '@draw/shared';
import { createActor, type ActorScope, type SnapshotFrom } from 'xstate';
import { DEFAULT_TASK_DEADLINE_MS, taskMachine, type TaskEvent, type TaskMachineContext } from './machine';
import { clampPercent, formatProgress, isTerminal, parseProgress, statusRank } from './status';

/** A snapshot of a task from elsewhere (notify hook, live feed, replay log): status is required. */
export type TaskUpdate = Partial<Task> & Pick<Task, 'status'>;

export const TaskRefusal = {
  /** Nothing new: same status and progress, or the same terminal status again. */
  Duplicate: 'duplicate',
  /** Older than what we have: a lower status, or lower progress in the same status. */
  Backwards: 'backwards',
  /** The task already finished (succeeded, failed or was cancelled) differently. */
  Terminal: 'terminal',
} as const;
export type TaskRefusal = (typeof TaskRefusal)[keyof typeof TaskRefusal];

export type TaskUpdateResult =
  { task: Task; accepted: true; reason?: undefined } | { task: Task; accepted: false; reason: TaskRefusal };

export type TaskSnapshot = SnapshotFrom<typeof taskMachine>;

let sharedScope: ActorScope<TaskSnapshot, TaskEvent> | null = null;

/**
 * The actor scope for pure transitions, made once. xstate's `transition()` makes a new inert
 * Actor on every call, and constructing one runs the machine's whole initial transition: that
 * was most of the cost of `applyTaskUpdate` (the replay tool applies it to every update of a
 * million-event log). The task machine spawns, invokes and sends nothing and its actions are all
 * `assign` (applied inside the transition), so a shared scope that, like `transition()`'s, only
 * drops the executable actions (`applyTaskUpdate` never used them) gives the same snapshot.
 */
function pureTransitionScope(): ActorScope<TaskSnapshot, TaskEvent> {
  if (!sharedScope) {
    const self = createActor(taskMachine); // never started: no timer, no subscription
    const ignore = () => undefined;
    sharedScope = {
      self,
      id: '',
      sessionId: '',
      logger: ignore,
      defer: ignore,
      emit: ignore,
      stopChild: ignore,
      actionExecutor: ignore,
      system: self.system,
    };
  }
  return sharedScope;
}

/** Task fields the machine owns; an update can only change them through a machine transition. */
export const LIFECYCLE_FIELDS = [
  'status',
  'progress',
  'previewUrl',
  'imageUrl',
  'videoUrl',
  'failReason',
  'startTime',
  'finishTime',
  'buttons',
] as const satisfies readonly (keyof Task & keyof TaskMachineContext)[];
export type TaskLifecycleFields = Pick<Task, (typeof LIFECYCLE_FIELDS)[number]>;

/** Descriptive fields an accepted update may refresh (a remix edits the prompt, a seed arrives…).
 *  Identity fields (id, channelId, userId, action, botType, submitTime, parentId, engine) never
 *  change after creation, so updates cannot touch them. */
const DESCRIPTIVE_FIELDS = [
  'prompt',
  'promptEn',
  'finalPrompt',
  'description',
  'seed',
  'properties',
] as const satisfies readonly (keyof Task)[];

export const UNKNOWN_FAILURE_REASON = 'The task failed without a reason';

/** The lifecycle fields of a machine context (or of a task): what to write on the Task document. */
export function lifecycleFieldsOf(source: TaskLifecycleFields): TaskLifecycleFields {
  const { status, progress, previewUrl, imageUrl, videoUrl, failReason, startTime, finishTime, buttons } =
    source;
  // Tasks from before clips existed carry no videoUrl.
  return {
    status,
    progress,
    previewUrl,
    imageUrl,
    videoUrl: videoUrl ?? null,
    failReason,
    startTime,
    finishTime,
    buttons,
  };
}

export function taskContextFromTask(task: Task, deadlineMs = DEFAULT_TASK_DEADLINE_MS): TaskMachineContext {
  const percent = parseProgress(task.progress) ?? (task.status === TaskStatus.Success ? 100 : 0);
  return { ...lifecycleFieldsOf(task), percent, deadlineMs };
}

/**
 * The machine snapshot a stored task is in. Pure: no timer is armed, so an actor started from it
 * (`createActor(taskMachine, { snapshot })`) relies on whoever restored it to send
 * `task.deadlineExpired` once `submitTime + deadlineMs` has passed.
 */
export function taskSnapshotFromTask(task: Task, deadlineMs = DEFAULT_TASK_DEADLINE_MS): TaskSnapshot {
  return taskMachine.resolveState({ value: task.status, context: taskContextFromTask(task, deadlineMs) });
}

/**
 * The machine events that take a task in status `from` to what `update` reports. An update may
 * skip steps (hooks get lost): a later status from MODAL proves the modal input was given, so
 * `task.modalSubmitted` comes first. While running, upstream puts the preview in `imageUrl`.
 */
export function taskEventFromUpdate(update: TaskUpdate, from?: TaskStatus): TaskEvent[] {
  const afterModal: TaskEvent[] = from === TaskStatus.Modal ? [{ type: 'task.modalSubmitted' }] : [];
  const finishedAt = update.finishTime ?? undefined;
  switch (update.status) {
    case TaskStatus.NotStart:
      return [];
    case TaskStatus.Modal:
      return [{ type: 'task.modalRequired' }];
    case TaskStatus.Submitted:
      return afterModal.length > 0 ? afterModal : [{ type: 'task.submitted' }];
    case TaskStatus.InProgress: {
      const progress = parseProgress(update.progress);
      const at = update.startTime ?? undefined;
      return [
        ...afterModal,
        progress === null
          ? { type: 'task.started', at }
          : {
              type: 'task.progress',
              progress,
              previewUrl: update.previewUrl ?? update.imageUrl ?? undefined,
              at,
            },
      ];
    }
    case TaskStatus.Success:
      return [
        ...afterModal,
        {
          type: 'task.succeeded',
          imageUrl: update.imageUrl,
          videoUrl: update.videoUrl,
          buttons: update.buttons ?? [],
          at: finishedAt,
        },
      ];
    case TaskStatus.Failure:
      return [{ type: 'task.failed', reason: update.failReason || UNKNOWN_FAILURE_REASON, at: finishedAt }];
    case TaskStatus.Cancel:
      return [{ type: 'task.cancelled', reason: update.failReason ?? undefined, at: finishedAt }];
  }
}

/**
 * The one rule set for "may this update change the task?", shared by the notify-hook handler,
 * the web client and the replay tool. Runs the update's events through the machine; the update
 * is accepted only if every one of them is a legal transition, otherwise the task is returned
 * unchanged. Idempotent: applying the same update twice accepts it once.
 */
export function applyTaskUpdate(current: Task, incoming: TaskUpdate): TaskUpdateResult {
  const events = taskEventFromUpdate(incoming, current.status);
  if (events.length === 0) return refuse(current, incoming);
  const [only] = events;
  if (events.length === 1 && only?.type === 'task.progress' && current.status === TaskStatus.InProgress) {
    return progressOfRunningTask(current, incoming, only);
  }
  let snapshot = taskSnapshotFromTask(current);
  for (const event of events) {
    if (!snapshot.can(event)) return refuse(current, incoming);
    snapshot = taskMachine.transition(snapshot, event, pureTransitionScope());
  }
  return {
    accepted: true,
    task: {
      ...current,
      ...pickDefined(incoming, DESCRIPTIVE_FIELDS),
      ...lifecycleFieldsOf(snapshot.context),
    },
  };
}

/**
 * A running task's progress step, decided as the machine's IN_PROGRESS `task.progress`
 * transition decides it (guard `progressAdvances`, action `recordProgress`; no state is entered)
 * without interpreting the machine: it is most updates by far (every step of every task on the
 * server, about half of a replayed log), and the interpreter was a quarter of a replay's CPU.
 * The property test in update.test.ts checks it against fresh actors, update after update.
 */
function progressOfRunningTask(
  current: Task,
  incoming: TaskUpdate,
  event: Extract<TaskEvent, { type: 'task.progress' }>,
): TaskUpdateResult {
  const context = taskContextFromTask(current);
  if (!Number.isFinite(event.progress)) return refuse(current, incoming);
  const percent = clampPercent(event.progress);
  if (percent <= context.percent) return refuse(current, incoming);
  const advanced = {
    ...context,
    percent,
    progress: formatProgress(percent),
    previewUrl: event.previewUrl ?? context.previewUrl,
  };
  return {
    accepted: true,
    task: { ...current, ...pickDefined(incoming, DESCRIPTIVE_FIELDS), ...lifecycleFieldsOf(advanced) },
  };
}

function refuse(current: Task, incoming: TaskUpdate): TaskUpdateResult {
  return { task: current, accepted: false, reason: refusalReason(current, incoming) };
}

function refusalReason(current: Task, incoming: TaskUpdate): TaskRefusal {
  if (isTerminal(current.status)) {
    return incoming.status === current.status ? TaskRefusal.Duplicate : TaskRefusal.Terminal;
  }
  const byStatus = statusRank(incoming.status) - statusRank(current.status);
  if (byStatus < 0) return TaskRefusal.Backwards;
  // No readable progress says nothing about order: that update just carries nothing new.
  const incomingPercent = parseProgress(incoming.progress);
  const olderProgress = incomingPercent !== null && incomingPercent < (parseProgress(current.progress) ?? 0);
  return byStatus === 0 && olderProgress ? TaskRefusal.Backwards : TaskRefusal.Duplicate;
}

function pickDefined<K extends keyof Task>(
  source: Partial<Task>,
  keys: readonly K[],
): Partial<Pick<Task, K>> {
  const picked: Partial<Pick<Task, K>> = {};
  for (const key of keys) {
    if (source[key] !== undefined) picked[key] = source[key];
  }
  return picked;
}
