import { TaskStatus } from '@draw/shared';
import { describe, expect, it } from 'vitest';
import {
  feedItems,
  feedReducer,
  initialFeedState,
  isMessagePage,
  mergeTask,
  messageIdOfTask,
  missingTaskIds,
  oldestCreatedAt,
  type FeedAction,
  type FeedState,
} from './feedState';
import { CHANNEL, event, makeMessage, makePage, makeTask, taskMessage } from './fixtures';

const run = (actions: FeedAction[], state: FeedState = initialFeedState(CHANNEL)) =>
  actions.reduce(feedReducer, state);

const running = makeTask({ status: TaskStatus.InProgress, progress: '45%', previewUrl: '/files/p45.png' });
const finished = makeTask({
  status: TaskStatus.Success,
  progress: '100%',
  imageUrl: '/files/grid.png',
  buttons: [{ customId: 'MJ::JOB::upsample::1::abc', emoji: '', label: 'U1' }],
});

describe('mergeTask', () => {
  it('moves forward and never backwards', () => {
    expect(mergeTask(running, finished, false).status).toBe(TaskStatus.Success);
    expect(mergeTask(finished, running, true)).toBe(finished);
    const at60 = mergeTask(
      running,
      makeTask({ status: TaskStatus.InProgress, progress: '60%', previewUrl: '/files/p60.png' }),
      true,
    );
    expect(at60.progress).toBe('60%');
    expect(at60.previewUrl).toBe('/files/p60.png');
    expect(mergeTask(at60, running, true)).toBe(at60);
  });

  it('takes a newer bookmark on a finished task, but not an older one', () => {
    const bookmarked = { ...finished, properties: { bookmarkedBy: ['user-b'] } };
    expect(mergeTask(finished, bookmarked, true).properties).toEqual({ bookmarkedBy: ['user-b'] });
    expect(mergeTask(bookmarked, finished, false)).toBe(bookmarked);
    expect(mergeTask(finished, { ...finished }, true)).toBe(finished);
  });

  it('leaves MODAL when the modal input arrives, with the edited prompt', () => {
    const modal = makeTask({
      status: TaskStatus.Modal,
      properties: { modal: { kind: 'remix', defaultPrompt: 'a fox' } },
    });
    const submitted = mergeTask(
      modal,
      makeTask({ status: TaskStatus.Submitted, prompt: 'a blue fox' }),
      true,
    );
    expect(submitted.status).toBe(TaskStatus.Submitted);
    expect(submitted.prompt).toBe('a blue fox');
  });
});

describe('feedReducer', () => {
  const hello = makeMessage({ id: 'm1', createdAt: 100 });
  const fox = taskMessage(running, { createdAt: 200 });

  it('loads the newest page, oldest first, with its tasks', () => {
    const state = run([
      { type: 'latestStarted', channelId: CHANNEL },
      {
        type: 'latestLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [hello, fox], tasks: [running], hasMore: true, seq: 5 }),
      },
    ]);
    expect(state.status).toBe('ready');
    expect(state.order).toEqual(['m1', fox.id]);
    expect(feedItems(state).map((item) => item.task?.progress ?? null)).toEqual([null, '45%']);
    expect(state.hasMore).toBe(true);
    expect(oldestCreatedAt(state)).toBe(100);
    expect(messageIdOfTask(state, running.id)).toBe(fox.id);
  });

  it('ignores actions for another channel and starts over on reset', () => {
    const state = run([{ type: 'latestLoaded', channelId: 'other', page: makePage({ messages: [hello] }) }]);
    expect(state.order).toEqual([]);
    const loaded = run([{ type: 'latestLoaded', channelId: CHANNEL, page: makePage({ messages: [hello] }) }]);
    expect(feedReducer(loaded, { type: 'reset', channelId: CHANNEL })).toBe(loaded);
    expect(feedReducer(loaded, { type: 'reset', channelId: 'c2' })).toEqual(initialFeedState('c2'));
    expect(
      feedReducer(loaded, {
        type: 'event',
        event: { ...event('message.created', 9, makeMessage({ id: 'x' })), channelId: 'c2' },
      }),
    ).toBe(loaded);
  });

  it('applies live events: messages in time order, idempotently', () => {
    const late = makeMessage({ id: 'm0', createdAt: 50 });
    const state = run([
      { type: 'latestLoaded', channelId: CHANNEL, page: makePage({ messages: [hello], seq: 1 }) },
      { type: 'event', event: event('message.created', 2, fox) },
      { type: 'event', event: event('message.created', 3, late) },
      { type: 'event', event: event('message.created', 2, fox) },
    ]);
    expect(state.order).toEqual(['m0', 'm1', fox.id]);
    expect(missingTaskIds(state)).toEqual([running.id]);
    const withTask = feedReducer(state, { type: 'event', event: event('task.created', 4, running) });
    expect(missingTaskIds(withTask)).toEqual([]);
    expect(feedReducer(withTask, { type: 'event', event: event('task.updated', 5, running) }).tasks).toBe(
      withTask.tasks,
    );
  });

  it('shows a member’s new name and avatar on the messages already shown', () => {
    const mine = makeMessage({ id: 'm1' });
    const theirs = makeMessage({
      id: 'm2',
      createdAt: 200,
      author: { id: 'user-b', name: 'Bea', avatar: '/b.png' },
    });
    const state = run([
      { type: 'latestLoaded', channelId: CHANNEL, page: makePage({ messages: [mine, theirs], seq: 1 }) },
      {
        type: 'event',
        event: event('member.updated', 2, {
          userId: 'user-a',
          name: 'Alicia',
          avatar: '/files/new.png',
          isCreator: true,
          joinedAt: 1,
        }),
      },
    ]);
    expect(state.messages.m1?.author).toEqual({ id: 'user-a', name: 'Alicia', avatar: '/files/new.png' });
    expect(state.messages.m2).toBe(theirs);
    const again = feedReducer(state, {
      type: 'event',
      event: event('member.updated', 3, {
        userId: 'user-a',
        name: 'Alicia',
        avatar: '/files/new.png',
        isCreator: true,
        joinedAt: 1,
      }),
    });
    expect(again).toBe(state);
  });

  it('a page read before newer live events does not move a task backwards', () => {
    const state = run([
      { type: 'latestStarted', channelId: CHANNEL },
      { type: 'event', event: event('task.created', 3, makeTask()) },
      { type: 'event', event: event('message.created', 4, fox) },
      { type: 'event', event: event('task.updated', 8, finished) },
      // the page was read at seq 6, when the task was still running
      {
        type: 'latestLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [hello, fox], tasks: [running], seq: 6 }),
      },
    ]);
    expect(state.tasks[running.id]?.status).toBe(TaskStatus.Success);
    expect(state.tasks[running.id]?.imageUrl).toBe('/files/grid.png');
    expect(state.order).toEqual(['m1', fox.id]);
  });

  it('a bookmark from an older page does not undo a newer live one', () => {
    const live = { ...finished, properties: { bookmarkedBy: ['user-a'] } };
    const state = run([
      { type: 'event', event: event('task.updated', 9, live) },
      {
        type: 'latestLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [fox], tasks: [finished], seq: 7 }),
      },
    ]);
    expect(state.tasks[finished.id]?.properties).toEqual({ bookmarkedBy: ['user-a'] });
    const unbookmarked = feedReducer(state, { type: 'event', event: event('task.updated', 10, finished) });
    expect(unbookmarked.tasks[finished.id]?.properties).toEqual({});
  });

  it('never resurrects a deleted message', () => {
    const state = run([
      {
        type: 'latestLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [hello, fox], tasks: [running], seq: 3 }),
      },
      { type: 'event', event: event('message.deleted', 4, hello) },
      {
        type: 'latestLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [hello, fox], tasks: [running], seq: 3 }),
      },
      { type: 'olderLoaded', channelId: CHANNEL, page: makePage({ messages: [hello], seq: 3 }) },
      { type: 'event', event: event('message.created', 2, hello) },
    ]);
    expect(state.order).toEqual([fox.id]);
    expect(state.deleted).toEqual({ m1: true });
    const removed = feedReducer(state, { type: 'messageRemoved', channelId: CHANNEL, messageId: fox.id });
    expect(removed.order).toEqual([]);
    expect(feedReducer(removed, { type: 'event', event: event('message.deleted', 9, fox) })).toBe(removed);
  });

  it('a reload drops messages deleted during a gap but keeps ones learnt after the page', () => {
    const gone = makeMessage({ id: 'gone', createdAt: 150 });
    const fresh = makeMessage({ id: 'fresh', createdAt: 900 });
    const state = run([
      { type: 'latestLoaded', channelId: CHANNEL, page: makePage({ messages: [hello, gone], seq: 2 }) },
      { type: 'event', event: event('message.created', 12, fresh) },
      // resync: the page (read at seq 10) no longer has `gone`
      {
        type: 'latestLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [hello, fox], tasks: [running], seq: 10 }),
      },
    ]);
    expect(state.order).toEqual(['m1', fox.id, 'fresh']);
  });

  it('a reload keeps older history only when the page overlaps it', () => {
    const old = makeMessage({ id: 'old', createdAt: 10 });
    const paged = run([
      {
        type: 'latestLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [hello, fox], tasks: [running], hasMore: true, seq: 2 }),
      },
      { type: 'olderStarted', channelId: CHANNEL },
      { type: 'olderLoaded', channelId: CHANNEL, page: makePage({ messages: [old], hasMore: true, seq: 2 }) },
    ]);
    expect(paged.order).toEqual(['old', 'm1', fox.id]);
    expect(paged.olderStatus).toBe('idle');
    const overlapping = feedReducer(paged, {
      type: 'latestLoaded',
      channelId: CHANNEL,
      page: makePage({ messages: [hello, fox], tasks: [running], hasMore: true, seq: 4 }),
    });
    expect(overlapping.order).toEqual(['old', 'm1', fox.id]);
    expect(overlapping.hasMore).toBe(true);
    const newer = makeMessage({ id: 'new', createdAt: 5000 });
    const restarted = feedReducer(paged, {
      type: 'latestLoaded',
      channelId: CHANNEL,
      page: makePage({ messages: [newer], hasMore: true, seq: 40 }),
    });
    expect(restarted.order).toEqual(['new']);
  });

  it('pages older messages without duplicates', () => {
    const old = makeMessage({ id: 'old', createdAt: 10 });
    const state = run([
      {
        type: 'latestLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [hello], hasMore: true, seq: 2 }),
      },
      {
        type: 'olderLoaded',
        channelId: CHANNEL,
        page: makePage({ messages: [old, hello], hasMore: false, seq: 2 }),
      },
    ]);
    expect(state.order).toEqual(['old', 'm1']);
    expect(state.hasMore).toBe(false);
    expect(feedReducer(state, { type: 'olderFailed', channelId: CHANNEL }).olderStatus).toBe('error');
  });

  it('merges fetched tasks forward only', () => {
    const state = run([
      { type: 'event', event: event('task.updated', 3, finished) },
      { type: 'tasksFetched', channelId: CHANNEL, tasks: [running, makeTask({ id: 'task-2' })] },
    ]);
    expect(state.tasks[finished.id]).toBe(finished);
    expect(state.tasks['task-2']?.status).toBe(TaskStatus.Submitted);
  });

  it('shows a sent message once, whether its answer or its live event comes first', () => {
    const mine = makeMessage({ id: 'm9', content: 'sent', createdAt: 300 });
    const loaded: FeedAction = {
      type: 'latestLoaded',
      channelId: CHANNEL,
      page: makePage({ messages: [hello], seq: 5 }),
    };
    const answer: FeedAction = { type: 'messageSent', channelId: CHANNEL, message: mine };
    const created: FeedAction = { type: 'event', event: event('message.created', 6, mine) };
    for (const order of [
      [answer, created],
      [created, answer],
    ]) {
      const state = run([loaded, ...order]);
      expect(state.order).toEqual(['m1', 'm9']);
      // Its seq is known either way, so a page read before it was sent does not drop it.
      expect(
        run(
          [{ type: 'latestLoaded', channelId: CHANNEL, page: makePage({ messages: [hello], seq: 5 }) }],
          state,
        ).order,
      ).toEqual(['m1', 'm9']);
    }
  });

  it('does not bring back a sent message that was deleted meanwhile', () => {
    const mine = makeMessage({ id: 'm9', createdAt: 300 });
    const state = run([
      { type: 'event', event: event('message.deleted', 7, mine) },
      { type: 'messageSent', channelId: CHANNEL, message: mine },
    ]);
    expect(state.order).toEqual([]);
  });

  it('keeps a ready feed when a reload fails', () => {
    const state = run([
      { type: 'latestLoaded', channelId: CHANNEL, page: makePage({ messages: [hello] }) },
      { type: 'latestFailed', channelId: CHANNEL },
    ]);
    expect(state.status).toBe('ready');
    expect(
      run([
        { type: 'latestStarted', channelId: CHANNEL },
        { type: 'latestFailed', channelId: CHANNEL },
      ]).status,
    ).toBe('error');
  });
});

describe('isMessagePage', () => {
  it('tells a page from a returned error envelope', () => {
    expect(isMessagePage(makePage())).toBe(true);
    expect(isMessagePage({ code: 404, message: 'not found', success: false, data: null })).toBe(false);
    expect(isMessagePage(null)).toBe(false);
  });
});

describe('feed: edits, reactions and replies (#34)', () => {
  const loaded = () =>
    feedReducer(initialFeedState(CHANNEL), {
      type: 'latestLoaded',
      channelId: CHANNEL,
      page: makePage({
        messages: [
          makeMessage({ id: 'm1', content: 'first' }),
          makeMessage({
            id: 'm2',
            createdAt: 2_000,
            replyTo: {
              id: 'm1',
              author: { id: 'user-a', name: 'Alice', avatar: '' },
              kind: 'text',
              excerpt: 'first',
              taskId: null,
              deleted: false,
            },
          }),
        ],
        seq: 5,
      }),
    });

  it('applies an edit, and an older edit arriving late changes nothing', () => {
    const mentions = { userIds: [], everyone: false };
    let state = feedReducer(loaded(), {
      type: 'event',
      event: event('message.updated', 6, {
        id: 'm1',
        channelId: CHANNEL,
        content: 'second',
        editedAt: 9,
        mentions,
      }),
    });
    expect(state.messages.m1).toMatchObject({ content: 'second', editedAt: 9 });
    state = feedReducer(state, {
      type: 'messageEdited',
      channelId: CHANNEL,
      edit: { id: 'm1', channelId: CHANNEL, content: 'older', editedAt: 8, mentions },
    });
    expect(state.messages.m1?.content).toBe('second');
  });

  it('shows my reaction at once and settles on the live count', () => {
    let state = feedReducer(loaded(), {
      type: 'reactionToggled',
      channelId: CHANNEL,
      messageId: 'm1',
      emoji: '🔥',
      me: 'user-a',
      add: true,
    });
    expect(state.messages.m1?.reactions).toEqual([{ emoji: '🔥', count: 1, me: true, userIds: ['user-a'] }]);
    state = feedReducer(state, {
      type: 'event',
      me: 'user-a',
      event: event('message.reactions', 7, {
        id: 'm1',
        channelId: CHANNEL,
        emoji: '🔥',
        userId: 'user-b',
        added: true,
        count: 2,
      }),
    });
    expect(state.messages.m1?.reactions[0]).toMatchObject({ count: 2, me: true });
  });

  it('a deleted original turns its replies’ quotes into "deleted"', () => {
    const state = feedReducer(loaded(), { type: 'messageRemoved', channelId: CHANNEL, messageId: 'm1' });
    expect(state.messages.m2?.replyTo).toMatchObject({ deleted: true, excerpt: '' });
  });
});
