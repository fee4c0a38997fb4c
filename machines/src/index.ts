/** @draw/machines: the XState machines and pure rules shared by server, web and scripts. */

// One drawing task's lifecycle.
export {
  DEFAULT_TASK_DEADLINE_MS,
  deadlineReason,
  taskMachine,
  type TaskEvent,
  type TaskEventType,
  type TaskMachine,
  type TaskMachineContext,
  type TaskMachineInput,
} from './task/machine';
export { TASK_STATUS_RANK, formatProgress, isTerminal, parseProgress, statusRank } from './task/status';
export {
  TaskRefusal,
  UNKNOWN_FAILURE_REASON,
  applyTaskUpdate,
  lifecycleFieldsOf,
  taskContextFromTask,
  taskEventFromUpdate,
  taskSnapshotFromTask,
  type TaskLifecycleFields,
  type TaskSnapshot,
  type TaskUpdate,
  type TaskUpdateResult,
} from './task/update';

// The web client's channel list and live feed.
export {
  channelSessionMachine,
  type ChannelSessionEvent,
  type ChannelSessionInput,
  type ChannelSessionMachine,
} from './channel/machine';
export {
  DEFAULT_CHANNEL_SESSION_TIMING,
  type ChannelSessionContext,
  type ChannelSessionEmitted,
  type ChannelSessionTiming,
} from './channel/session';
export {
  EMPTY_CURSOR,
  FeedOutcome,
  anchorFeed,
  hasFeedGap,
  missingRange,
  receiveFeedEvent,
  type FeedCursor,
  type FeedDrain,
  type FeedStep,
} from './channel/feed';
export { LeaveReason, applyEventToList, pickChannelId, type ListEffect } from './channel/list';
