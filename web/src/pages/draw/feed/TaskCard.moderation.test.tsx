// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { buttonsForResult, TaskStatus, type Channel, type ImageHidden, type Task } from '@draw/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import type * as ConnectionModule from '../../../live/connection';
import { tellListeners } from '../../../test/liveListeners';
import { envelope } from '../../../test/dom';
import { FeedContext, type FeedActions } from './FeedContext';
import { makeTask, taskMessage, conversationActions } from './fixtures';
import { MessageRow } from './MessageRow';

vi.mock('../../../live/connection', async (original) => ({
  ...(await original<typeof ConnectionModule>()),
  getLiveConnection: (await import('../../../test/liveListeners')).fakeLiveConnection,
}));
vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

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

const feed: FeedActions = {
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
  const message = taskMessage(task, { author: { id: task.userId, name: 'Bob', avatar: '' } });
  render(
    <TooltipProvider>
      <FeedContext.Provider value={feed}>
        <MessageRow message={message} task={task} head canDelete={false} />
      </FeedContext.Provider>
    </TooltipProvider>,
  );
  return screen.getByTestId(`task-card-${task.id}`);
}

const bobsGrid = makeTask({
  id: 'task-9',
  userId: 'user-b',
  status: TaskStatus.Success,
  progress: '100%',
  imageUrl: '/files/grid.png',
  buttons: buttonsForResult('grid', 'h1'),
  properties: { width: 1024, height: 1024 },
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/archive/favorites' ? envelope([]) : envelope({ taskId: 'task-9', reported: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Opens the ⋯ menu of the card's image and waits for its items. */
async function openMenu() {
  fireEvent.pointerDown(screen.getByTestId('task-menu-task-9'), { button: 0, pointerType: 'mouse' });
  await screen.findByRole('menu');
}

describe('moderation on a task card', () => {
  it('reports someone else’s image from its menu, with the reason given', async () => {
    renderTask(bobsGrid);
    const trigger = screen.getByTestId('task-menu-task-9');
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    fireEvent.click(await screen.findByTestId('task-report-task-9'));
    const dialog = await screen.findByRole('dialog', { name: '举报这张图片' });
    fireEvent.change(within(dialog).getByTestId('report-reason'), { target: { value: 'gore' } });
    fireEvent.click(within(dialog).getByTestId('report-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/archive/report/task-9');
    expect((sent?.[1] as RequestInit).method).toBe('POST');
    expect(JSON.parse(String((sent?.[1] as RequestInit).body))).toEqual({ reason: 'gore' });
  });

  it('offers no report on the person’s own image, only sharing it', async () => {
    renderTask({ ...bobsGrid, userId: 'user-a' });
    await openMenu();
    expect(screen.queryByTestId('task-report-task-9')).toBeNull();
    expect(screen.getByTestId('task-share-task-9')).toBeTruthy();
  });

  it('offers sharing someone else’s image only where the creator allows it', async () => {
    renderTask(bobsGrid);
    await openMenu();
    expect(screen.queryByTestId('task-share-task-9')).toBeNull();
    expect(screen.getByTestId('task-report-task-9')).toBeTruthy();
  });

  it('takes the image away live when an admin hides it, and brings it back when shown again', async () => {
    const card = renderTask(bobsGrid);
    expect(within(card).getByTestId('task-image-task-9')).toBeTruthy();
    const tell = (change: ImageHidden) => act(async () => tellListeners((l) => l.imageHidden?.(change)));

    await tell({ taskId: 'task-9', channelId: 'channel-1', hidden: true });
    expect(within(card).queryByTestId('task-image-task-9')).toBeNull();
    expect(within(card).getByTestId('task-hidden-task-9').textContent).toBe('此图片已被管理员隐藏');
    expect(within(card).queryByRole('button', { name: /U1/ })).toBeNull();

    await tell({ taskId: 'task-9', channelId: 'channel-1', hidden: false });
    expect(within(card).getByTestId('task-image-task-9')).toBeTruthy();
  });
});
