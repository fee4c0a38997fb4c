// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { TaskStatus, type Channel, type Task } from '@draw/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { liveStore } from '../../../live/connection';
import { FeedContext, type FeedActions } from './FeedContext';
import { makeTask, taskMessage, conversationActions } from './fixtures';
import { MessageRow } from './MessageRow';

const channel: Channel = {
  id: 'channel-1',
  title: 'lobby',
  isBan: false,
  isCreator: false,
  creatorId: 'owner',
  memberCount: 2,
  createdAt: 1,
  engine: null,
};
const actions: FeedActions = {
  channel,
  me: 'user-a',
  openViewer: vi.fn(),
  openEditor: vi.fn(),
  expectEditor: vi.fn(),
  mergeTasks: vi.fn(),
  removeMessage: vi.fn(),
  taskById: () => undefined,
  isUsed: () => false,
  jumpToTask: vi.fn(),
  ...conversationActions(),
};

function renderTask(task: Task) {
  render(
    <TooltipProvider>
      <FeedContext.Provider value={actions}>
        <MessageRow message={taskMessage(task)} task={task} head canDelete={false} />
      </FeedContext.Provider>
    </TooltipProvider>,
  );
}

const setStatus = (status: typeof liveStore.status) =>
  act(async () => {
    liveStore.status = status;
  });

afterEach(() => {
  liveStore.status = 'idle';
});

describe('a running task while the link is down', () => {
  it('says it waits for the connection, and stops saying so once live again', async () => {
    const task = makeTask({ id: 'running', status: TaskStatus.InProgress, progress: '45%' });
    renderTask(task);
    await setStatus('live');
    expect(screen.queryByTestId('task-waiting-running')).toBeNull();
    await setStatus('reconnecting');
    expect(screen.getByTestId('task-waiting-running').textContent).toBe(
      '等待连接恢复，进度会在重新连接后更新',
    );
    await setStatus('offline');
    expect(screen.getByTestId('task-waiting-running')).toBeTruthy();
    await setStatus('live');
    expect(screen.queryByTestId('task-waiting-running')).toBeNull();
  });

  it('says nothing under a finished task', async () => {
    renderTask(makeTask({ id: 'done', status: TaskStatus.Failure, failReason: 'x' }));
    await setStatus('reconnecting');
    expect(screen.queryByTestId('task-waiting-done')).toBeNull();
  });
});
