import { applyTaskUpdate, TaskRefusal } from '@draw/machines';
import type { ChannelEvent, Member, Message, MessageEdit, MessagePage, Task } from '@draw/shared';
import { applyReactionChange, toggleMine } from '../social/reactions';

/**
 * One channel's message feed as a pure reducer: messages by id ordered by `createdAt`, the tasks
 * their cards show, and a tombstone per deleted message. REST pages and live events are merged
 * idempotently and in any order:
 *
 * - a task only moves forward (`applyTaskUpdate` from @draw/machines decides), so a page read
 *   before newer live events cannot put a finished task back to 45%;
 * - a deleted message stays deleted (tombstones), so a page read before the delete cannot bring
 *   it back;
 * - every version carries the channel `seq` it was known at (the page's `seq`, or the event's):
 *   fields outside the lifecycle (bookmarks) are taken from the newer version only.
 */

export type FeedStatus = 'idle' | 'loading' | 'ready' | 'error';
export type OlderStatus = 'idle' | 'loading' | 'error';

export interface FeedState {
  channelId: string | null;
  /** The newest page: idle before the first load, ready once a page arrived. */
  status: FeedStatus;
  /** Paging towards older messages. */
  olderStatus: OlderStatus;
  /** Whether older messages than the oldest shown exist on the server. */
  hasMore: boolean;
  messages: Readonly<Record<string, Message>>;
  /** Message ids, oldest first (createdAt, then id). */
  order: readonly string[];
  tasks: Readonly<Record<string, Task>>;
  /** The channel seq each task / message version was known at. */
  taskSeq: Readonly<Record<string, number>>;
  messageSeq: Readonly<Record<string, number>>;
  /** Tombstones: ids of messages deleted while this channel was shown. */
  deleted: Readonly<Record<string, true>>;
}

export type FeedAction =
  | { type: 'reset'; channelId: string | null }
  | { type: 'latestStarted'; channelId: string }
  | { type: 'latestLoaded'; channelId: string; page: MessagePage }
  | { type: 'latestFailed'; channelId: string }
  | { type: 'olderStarted'; channelId: string }
  | { type: 'olderLoaded'; channelId: string; page: MessagePage }
  | { type: 'olderFailed'; channelId: string }
  /** `me`: the signed-in user (a reaction event says whether it is theirs). */
  | { type: 'event'; event: ChannelEvent; me?: string }
  /** Task states read outside the feed (fetch, cancel answer): merged forward-only, never newer. */
  | { type: 'tasksFetched'; channelId: string; tasks: readonly Task[] }
  /** The current user deleted a message (the live event may come later, or not at all while offline). */
  | { type: 'messageRemoved'; channelId: string; messageId: string }
  /** The server's answer to this tab's send (outbox.ts); its live `message.created` may come before or after. */
  | { type: 'messageSent'; channelId: string; message: Message }
  /** The edit route's answer (its live `message.updated` may come before or after). */
  | { type: 'messageEdited'; channelId: string; edit: MessageEdit }
  /** My reaction toggled, shown before the server answers; the live `message.reactions` settles the count. */
  | {
      type: 'reactionToggled';
      channelId: string;
      messageId: string;
      emoji: string;
      me: string;
      add: boolean;
    };

export function initialFeedState(channelId: string | null = null): FeedState {
  return {
    channelId,
    status: 'idle',
    olderStatus: 'idle',
    hasMore: false,
    messages: {},
    order: [],
    tasks: {},
    taskSeq: {},
    messageSeq: {},
    deleted: {},
  };
}

/** Oldest first; equal times keep a stable order by id. */
export function compareMessages(
  a: Pick<Message, 'createdAt' | 'id'>,
  b: Pick<Message, 'createdAt' | 'id'>,
): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const DESCRIPTIVE = ['prompt', 'promptEn', 'finalPrompt', 'description', 'seed', 'properties'] as const;

function sameDescriptive(a: Task, b: Task): boolean {
  return DESCRIPTIVE.every((key) =>
    key === 'properties' ? JSON.stringify(a.properties) === JSON.stringify(b.properties) : a[key] === b[key],
  );
}

/**
 * Merges one version of a task into what is shown. The lifecycle only moves forward. When the
 * incoming version is at the same point of the lifecycle and known to be at least as new
 * (`incomingIsNewer`), its descriptive fields win: that is how a bookmark toggle arrives.
 * Returns `current` itself when nothing changes.
 */
export function mergeTask(current: Task | undefined, incoming: Task, incomingIsNewer: boolean): Task {
  if (!current) return incoming;
  const result = applyTaskUpdate(current, incoming);
  if (result.accepted) return result.task;
  if (
    incomingIsNewer &&
    result.reason === TaskRefusal.Duplicate &&
    incoming.status === current.status &&
    !sameDescriptive(current, incoming)
  ) {
    const next: Task = { ...current };
    for (const key of DESCRIPTIVE) (next as unknown as Record<string, unknown>)[key] = incoming[key];
    return next;
  }
  return current;
}

function withTasks(
  state: FeedState,
  tasks: readonly Task[],
  seq: number | null,
): Pick<FeedState, 'tasks' | 'taskSeq'> {
  let changedTasks: Record<string, Task> | null = null;
  let changedSeq: Record<string, number> | null = null;
  for (const task of tasks) {
    const current = (changedTasks ?? state.tasks)[task.id];
    const knownAt = (changedSeq ?? state.taskSeq)[task.id];
    const newer = seq !== null && (knownAt === undefined || seq >= knownAt);
    const merged = mergeTask(current, task, newer);
    if (merged !== current) {
      changedTasks ??= { ...state.tasks };
      changedTasks[task.id] = merged;
    }
    if (newer && knownAt !== seq) {
      changedSeq ??= { ...state.taskSeq };
      changedSeq[task.id] = seq;
    }
  }
  return { tasks: changedTasks ?? state.tasks, taskSeq: changedSeq ?? state.taskSeq };
}

function sortIds(messages: Readonly<Record<string, Message>>, ids: Iterable<string>): string[] {
  return [...ids].sort((a, b) => compareMessages(messages[a]!, messages[b]!));
}

/** Inserts one id into an already sorted order (new messages almost always go last). */
function insertId(
  order: readonly string[],
  messages: Readonly<Record<string, Message>>,
  id: string,
): string[] {
  const message = messages[id]!;
  let index = order.length;
  while (index > 0 && compareMessages(messages[order[index - 1]!]!, message) > 0) index--;
  return [...order.slice(0, index), id, ...order.slice(index)];
}

/** Replies quoting a message that went: their quote says it was deleted. */
function withQuoteGone(messages: Record<string, Message>, id: string): void {
  for (const [key, message] of Object.entries(messages)) {
    if (message.replyTo?.id === id && !message.replyTo.deleted)
      messages[key] = { ...message, replyTo: { ...message.replyTo, deleted: true, excerpt: '' } };
  }
}

function removeMessage(state: FeedState, id: string): FeedState {
  const deleted = state.deleted[id] ? state.deleted : { ...state.deleted, [id]: true as const };
  if (!state.messages[id]) return deleted === state.deleted ? state : { ...state, deleted };
  const messages = { ...state.messages };
  withQuoteGone(messages, id);
  delete messages[id];
  const messageSeq = { ...state.messageSeq };
  delete messageSeq[id];
  return { ...state, messages, messageSeq, order: state.order.filter((known) => known !== id), deleted };
}

/**
 * The newest page (first open, resync, unfillable gap). Messages the page should contain but does
 * not were deleted meanwhile and go; messages learnt live after the page was read stay. Older
 * messages already shown stay only when the page overlaps them (so the history has no hole);
 * otherwise the feed restarts from this page.
 */
function applyLatest(state: FeedState, page: MessagePage): FeedState {
  const pageMessages = page.messages.filter((message) => !state.deleted[message.id]);
  const oldest = page.messages[0];
  const overlaps = oldest !== undefined && state.messages[oldest.id] !== undefined;
  const messages: Record<string, Message> = {};
  const messageSeq: Record<string, number> = {};
  for (const id of state.order) {
    const message = state.messages[id]!;
    const learntAfterPage = (state.messageSeq[id] ?? -1) > page.seq;
    const olderThanPage = overlaps && compareMessages(message, oldest!) < 0;
    if (learntAfterPage || olderThanPage) {
      messages[id] = message;
      messageSeq[id] = state.messageSeq[id] ?? page.seq;
    }
  }
  for (const message of pageMessages) {
    messages[message.id] = message;
    messageSeq[message.id] = Math.max(page.seq, state.messageSeq[message.id] ?? -1);
  }
  const hasOlderKept =
    overlaps &&
    state.order.some((id) => messages[id] !== undefined && compareMessages(state.messages[id]!, oldest!) < 0);
  return {
    ...state,
    ...withTasks(state, page.tasks, page.seq),
    status: 'ready',
    hasMore: hasOlderKept ? state.hasMore : page.hasMore,
    olderStatus: hasOlderKept ? state.olderStatus : 'idle',
    messages,
    messageSeq,
    order: sortIds(messages, Object.keys(messages)),
  };
}

function applyOlder(state: FeedState, page: MessagePage): FeedState {
  const messages = { ...state.messages };
  const messageSeq = { ...state.messageSeq };
  for (const message of page.messages) {
    if (state.deleted[message.id] || messages[message.id]) continue;
    messages[message.id] = message;
    messageSeq[message.id] = page.seq;
  }
  return {
    ...state,
    ...withTasks(state, page.tasks, page.seq),
    olderStatus: 'idle',
    hasMore: page.hasMore,
    messages,
    messageSeq,
    order: sortIds(messages, Object.keys(messages)),
  };
}

/** A member's new name or avatar on the messages (and so the cards) already shown. */
function withAuthor(state: FeedState, member: Pick<Member, 'userId' | 'name' | 'avatar'>): FeedState {
  let messages: Record<string, Message> | null = null;
  for (const [id, message] of Object.entries(state.messages)) {
    if (message.author.id !== member.userId) continue;
    if (message.author.name === member.name && message.author.avatar === member.avatar) continue;
    messages ??= { ...state.messages };
    messages[id] = { ...message, author: { ...message.author, name: member.name, avatar: member.avatar } };
  }
  return messages ? { ...state, messages } : state;
}

/** A new message in its place; `seq` undefined when it came from a send's answer (no seq). */
function addMessage(state: FeedState, message: Message, seq: number | undefined): FeedState {
  const messages = { ...state.messages, [message.id]: message };
  return {
    ...state,
    messages,
    messageSeq: seq === undefined ? state.messageSeq : { ...state.messageSeq, [message.id]: seq },
    order: insertId(state.order, messages, message.id),
  };
}

/** A change to one shown message (an edit, its reactions); the state itself when it is not shown. */
function updateMessage(state: FeedState, id: string, change: (message: Message) => Message): FeedState {
  const message = state.messages[id];
  if (!message) return state;
  return { ...state, messages: { ...state.messages, [id]: change(message) } };
}

/** An edit: its text, mentions and time; an older edit arriving late changes nothing. */
function applyEdit(state: FeedState, edit: MessageEdit): FeedState {
  return updateMessage(state, edit.id, (message) =>
    message.editedAt !== null && message.editedAt > edit.editedAt
      ? message
      : { ...message, content: edit.content, editedAt: edit.editedAt, mentions: edit.mentions },
  );
}

function applyEvent(state: FeedState, event: ChannelEvent, me: string): FeedState {
  switch (event.type) {
    case 'task.created':
    case 'task.updated': {
      const next = withTasks(state, [event.data], event.seq);
      return next.tasks === state.tasks && next.taskSeq === state.taskSeq ? state : { ...state, ...next };
    }
    case 'message.created': {
      const message = event.data;
      if (state.deleted[message.id]) return state;
      // Already shown from the send's answer: only learn its seq (a later page then keeps it).
      if (state.messages[message.id]) {
        return state.messageSeq[message.id] === undefined
          ? { ...state, messageSeq: { ...state.messageSeq, [message.id]: event.seq } }
          : state;
      }
      return addMessage(state, message, event.seq);
    }
    case 'message.deleted':
      return removeMessage(state, event.data.id);
    case 'member.updated':
      return withAuthor(state, event.data);
    case 'message.updated':
      return applyEdit(state, event.data);
    case 'message.reactions': {
      const change = event.data;
      return updateMessage(state, change.id, (message) => ({
        ...message,
        reactions: applyReactionChange(message.reactions, change, me),
      }));
    }
    default:
      return state;
  }
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  if (action.type === 'reset')
    return action.channelId === state.channelId ? state : initialFeedState(action.channelId);
  const channelId = action.type === 'event' ? action.event.channelId : action.channelId;
  if (channelId !== state.channelId) return state;
  switch (action.type) {
    case 'latestStarted':
      return state.status === 'ready' ? state : { ...state, status: 'loading' };
    case 'latestLoaded':
      return applyLatest(state, action.page);
    case 'latestFailed':
      return state.status === 'ready' ? state : { ...state, status: 'error' };
    case 'olderStarted':
      return { ...state, olderStatus: 'loading' };
    case 'olderLoaded':
      return applyOlder(state, action.page);
    case 'olderFailed':
      return { ...state, olderStatus: 'error' };
    case 'event':
      return applyEvent(state, action.event, action.me ?? '');
    case 'tasksFetched': {
      const next = withTasks(state, action.tasks, null);
      return next.tasks === state.tasks ? state : { ...state, ...next };
    }
    case 'messageRemoved':
      return removeMessage(state, action.messageId);
    case 'messageSent':
      return state.deleted[action.message.id] || state.messages[action.message.id]
        ? state
        : addMessage(state, action.message, undefined);
    case 'messageEdited':
      return applyEdit(state, action.edit);
    case 'reactionToggled':
      return updateMessage(state, action.messageId, (message) => ({
        ...message,
        reactions: toggleMine(message.reactions, action.emoji, action.me, action.add),
      }));
    default:
      return state;
  }
}

// ---- Selectors ------------------------------------------------------------------------------

export interface FeedItem {
  message: Message;
  /** The task a task message shows; null while it is not known yet. */
  task: Task | null;
}

export function feedItems(state: Pick<FeedState, 'order' | 'messages' | 'tasks'>): FeedItem[] {
  return state.order.map((id) => {
    const message = state.messages[id]!;
    return { message, task: message.taskId ? (state.tasks[message.taskId] ?? null) : null };
  });
}

/** Task messages whose task the feed has not seen (to fetch them). */
export function missingTaskIds(state: FeedState): string[] {
  const missing = new Set<string>();
  for (const id of state.order) {
    const taskId = state.messages[id]!.taskId;
    if (taskId && !state.tasks[taskId]) missing.add(taskId);
  }
  return [...missing];
}

/** `before` for the next older page: the oldest message's createdAt. */
export function oldestCreatedAt(state: FeedState): number | null {
  const first = state.order[0];
  return first === undefined ? null : state.messages[first]!.createdAt;
}

/** The id of the message that carries a task's card, if shown. */
export function messageIdOfTask(state: FeedState, taskId: string): string | null {
  for (const id of state.order) if (state.messages[id]!.taskId === taskId) return id;
  return null;
}

/** Shape check for a MessagePage answer (a 404/500 envelope is returned as is by the client). */
export function isMessagePage(value: unknown): value is MessagePage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Partial<MessagePage>;
  return (
    Array.isArray(page.messages) &&
    Array.isArray(page.tasks) &&
    typeof page.hasMore === 'boolean' &&
    typeof page.seq === 'number'
  );
}

export function isTask(value: unknown): value is Task {
  if (typeof value !== 'object' || value === null) return false;
  const task = value as Partial<Task>;
  return typeof task.id === 'string' && typeof task.status === 'string' && typeof task.channelId === 'string';
}
