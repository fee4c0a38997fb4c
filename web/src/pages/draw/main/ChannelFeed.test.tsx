// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import {
  buttonsForResult,
  TaskStatus,
  type Channel,
  type ChannelEvent,
  type MessagePage,
} from '@draw/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { userInfoStore } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { CHANNEL, event, makeMessage, makePage, makeTask, taskMessage } from '../feed/fixtures';
import { ChannelFeed } from './ChannelFeed';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

/** The live core, faked: the test delivers reloads and applied events itself. */
const live = vi.hoisted(() => ({
  onEvent: null as ((event: ChannelEvent) => void) | null,
  onReload: null as (() => void) | null,
}));
vi.mock('../../../live/hooks', () => ({
  useChannelEvents: (_channelId: string | null, handler: (event: ChannelEvent) => void) => {
    live.onEvent = handler;
  },
  useFeedReload: (_channelId: string | null, handler: () => void) => {
    live.onReload = handler;
  },
  useLiveStatus: () => 'live',
}));

const channel: Channel = {
  id: CHANNEL,
  title: 'lobby',
  isBan: false,
  isCreator: false,
  creatorId: 'owner',
  memberCount: 2,
  createdAt: 1,
  engine: null,
};
const bob = { id: 'user-b', name: 'Bob', avatar: '' };

let pages: MessagePage[];
let fetchMock: ReturnType<typeof vi.fn>;

function route(url: string, init?: RequestInit): Response {
  if (url.startsWith(`/api/draw/chat/${CHANNEL}`) && (init?.method ?? 'GET') === 'GET')
    return envelope(pages.shift() ?? makePage());
  if (url.startsWith('/api/draw/chat/') && init?.method === 'DELETE') return envelope(null);
  if (url.startsWith('/api/draw/tasks/')) return envelope([]);
  if (url.startsWith('/api/mj/submit/action/')) return envelope({ taskId: 'task-2' });
  if (url.startsWith('/api/mj/task/'))
    return envelope({ code: 404, message: 'gone', success: false, data: null });
  if (url.startsWith('/api/mj/submit/modal/')) return envelope({ taskId: 'task-2' });
  return envelope(null);
}

function mount(over: Partial<Channel> = {}, address = '/') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <TooltipProvider>
        <ChannelFeed channel={{ ...channel, ...over }} />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

async function reload() {
  await act(async () => live.onReload?.());
}

function deliver(e: ChannelEvent) {
  act(() => live.onEvent?.(e));
}

beforeEach(() => {
  pages = [];
  userInfoStore.id = 'user-a';
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => route(url, init));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const hello = makeMessage({ id: 'm1', content: 'hello', createdAt: Date.now() - 60_000 });
const fromBob = makeMessage({ id: 'm2', content: 'hi Alice', author: bob, createdAt: Date.now() - 30_000 });

describe('channel feed', () => {
  it("opened from the archive (?task=), reads older pages until the task's card is there and flashes it", async () => {
    const old = makeTask({
      id: 'task-old',
      status: TaskStatus.Success,
      prompt: 'an old fox',
      submitTime: Date.now() - 3_600_000,
    });
    pages = [
      makePage({ messages: [hello, fromBob], hasMore: true, seq: 3 }),
      makePage({ messages: [taskMessage(old)], tasks: [old], hasMore: false, seq: 3 }),
    ];
    mount({}, '/draw/lobby?task=task-old');
    await reload();
    await waitFor(() =>
      expect(document.querySelector('[data-task-id="task-old"]')?.classList.contains('bg-warning/10')).toBe(
        true,
      ),
    );
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith(`/api/draw/chat/${CHANNEL}`)),
    ).toHaveLength(2);
  });

  it('loads the channel when the live core asks, as a log of messages', async () => {
    pages = [makePage({ messages: [hello, fromBob], seq: 3 })];
    mount();
    await reload();
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    await within(log).findByText('hello');
    expect(within(log).getByText('hi Alice')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/draw/chat/${CHANNEL}?limit=50`);
    expect(screen.getByText('欢迎来到 #lobby！')).toBeTruthy();
  });

  it('offers delete on my messages only, or on all of them to the creator', async () => {
    pages = [makePage({ messages: [hello, fromBob] })];
    const view = mount();
    await reload();
    await screen.findByText('hi Alice');
    expect(screen.getByTestId('message-delete-m1')).toBeTruthy();
    expect(screen.queryByTestId('message-delete-m2')).toBeNull();
    view.unmount();
    pages = [makePage({ messages: [hello, fromBob] })];
    mount({ isCreator: true });
    await reload();
    await screen.findByText('hi Alice');
    expect(screen.getByTestId('message-delete-m2')).toBeTruthy();
  });

  it('deletes with a confirmation and says 删除成功; the message does not come back', async () => {
    pages = [makePage({ messages: [hello], seq: 1 })];
    mount();
    await reload();
    fireEvent.click(await screen.findByTestId('message-delete-m1'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByTestId('message-m1')).toBeNull());
    const { notify } = await import('../../../lib/notify');
    expect(notify.success).toHaveBeenCalledWith('删除成功');
    // a resync page read before the delete
    pages = [makePage({ messages: [hello], seq: 1 })];
    await reload();
    expect(screen.queryByTestId('message-m1')).toBeNull();
  });

  it('follows a task live and never moves it backwards', async () => {
    const submitted = makeTask({ submitTime: Date.now() });
    pages = [makePage({ messages: [hello], seq: 1 })];
    mount();
    await reload();
    deliver(event('task.created', 2, submitted));
    deliver(event('message.created', 3, taskMessage(submitted)));
    expect(screen.getByText('等待开始…')).toBeTruthy();
    deliver(
      event('task.updated', 4, {
        ...submitted,
        status: TaskStatus.InProgress,
        progress: '60%',
        previewUrl: '/files/p.png',
      }),
    );
    expect(screen.getByTestId('task-progress-task-1').getAttribute('aria-valuenow')).toBe('60');
    // a late page from before the progress
    pages = [makePage({ messages: [hello, taskMessage(submitted)], tasks: [submitted], seq: 3 })];
    await reload();
    expect(screen.getByTestId('task-progress-task-1').getAttribute('aria-valuenow')).toBe('60');
    deliver(
      event('task.updated', 5, {
        ...submitted,
        status: TaskStatus.Success,
        progress: '100%',
        imageUrl: '/files/g.png',
        buttons: buttonsForResult('grid', 'h'),
      }),
    );
    expect(screen.getByTestId('task-image-task-1')).toBeTruthy();
    expect(screen.queryByTestId('task-progress-task-1')).toBeNull();
    deliver(event('message.deleted', 6, taskMessage(submitted)));
    expect(screen.queryByTestId('task-card-task-1')).toBeNull();
  });

  it('opens the remix editor by itself when my button’s MODAL task arrives, and submits it', async () => {
    const grid = makeTask({
      status: TaskStatus.Success,
      imageUrl: '/files/g.png',
      buttons: buttonsForResult('grid', 'h'),
      submitTime: Date.now(),
    });
    pages = [makePage({ messages: [taskMessage(grid)], tasks: [grid], seq: 2 })];
    mount();
    await reload();
    fireEvent.click(await screen.findByTestId('task-button-V1'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/mj/submit/action/'))).toBe(
        true,
      ),
    );
    const modal = makeTask({
      id: 'task-2',
      parentId: grid.id,
      status: TaskStatus.Modal,
      submitTime: Date.now(),
      properties: { modal: { kind: 'remix', defaultPrompt: 'a red fox in snow' } },
    });
    deliver(event('task.created', 3, modal));
    deliver(event('message.created', 4, taskMessage(modal)));
    // The editor's code loads on first open: allow for the fetch on a loaded machine.
    const prompt = (await screen.findByTestId('remix-prompt', {}, { timeout: 5_000 })) as HTMLTextAreaElement;
    expect(prompt.value).toBe('a red fox in snow');
    fireEvent.change(prompt, { target: { value: 'a blue fox in snow' } });
    fireEvent.click(screen.getByTestId('remix-submit'));
    await waitFor(() => expect(screen.queryByTestId('remix-prompt')).toBeNull());
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/mj/submit/modal/'))!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({
      taskId: 'task-2',
      prompt: 'a blue fox in snow',
    });
  });

  it('closing the editor unsubmitted frees the V button and reads the refunded balance', async () => {
    const grid = makeTask({
      status: TaskStatus.Success,
      imageUrl: '/files/g.png',
      buttons: buttonsForResult('grid', 'h'),
      submitTime: Date.now(),
    });
    pages = [makePage({ messages: [taskMessage(grid)], tasks: [grid], seq: 2 })];
    const modal = makeTask({
      id: 'task-2',
      parentId: grid.id,
      action: 'VARIATION',
      status: TaskStatus.Modal,
      submitTime: Date.now(),
      properties: { index: 1, modal: { kind: 'remix', defaultPrompt: 'a red fox in snow' } },
    });
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/mj/task/task-2/cancel'
        ? envelope({ ...modal, status: TaskStatus.Cancel })
        : route(url, init),
    );
    mount();
    await reload();
    const v1 = await screen.findByTestId('task-button-V1');
    fireEvent.click(v1);
    await waitFor(() => expect(v1.getAttribute('aria-pressed')).toBe('true'));
    deliver(event('task.created', 3, modal));
    deliver(event('message.created', 4, taskMessage(modal)));
    // The editor's code loads on first open: allow for the fetch on a loaded machine.
    await screen.findByTestId('remix-prompt', {}, { timeout: 5_000 });
    const creditReads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/home/credits').length;
    const before = creditReads();
    fireEvent.keyDown(screen.getByTestId('remix-prompt'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('remix-prompt')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('task-button-V1').getAttribute('aria-pressed')).toBe('false'),
    );
    await waitFor(() => expect(creditReads()).toBeGreaterThan(before));
  });

  it('does not open someone else’s MODAL task', async () => {
    pages = [makePage({ seq: 1 })];
    mount();
    await reload();
    const theirs = makeTask({
      id: 'task-9',
      userId: 'user-b',
      status: TaskStatus.Modal,
      properties: { modal: { kind: 'remix', defaultPrompt: 'x' } },
    });
    deliver(event('task.created', 2, theirs));
    deliver(event('message.created', 3, taskMessage(theirs, { author: bob })));
    expect(screen.getByText('等待 @Bob 完成输入…')).toBeTruthy();
    expect(screen.queryByTestId('remix-prompt')).toBeNull();
  });

  it('shows a retry when the first load fails', async () => {
    fetchMock.mockImplementationOnce(async () =>
      envelope({ code: 500, message: 'boom', success: false, data: null }),
    );
    mount();
    await reload();
    expect(await screen.findByText('消息加载失败')).toBeTruthy();
    pages = [makePage({ messages: [hello] })];
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('hello')).toBeTruthy();
  });
});
