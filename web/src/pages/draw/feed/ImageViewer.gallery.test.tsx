// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { TaskAction, TaskStatus, type Channel, type Task } from '@draw/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { FeedContext, type FeedActions } from './FeedContext';
import { makeTask, taskMessage } from './fixtures';
import { ImageViewer, type ViewerGallery } from './ImageViewer';
import { galleryOf, stepThrough } from './viewerGallery';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));
vi.mock('../../archive/archiveApi', () => ({
  fetchFamily: vi.fn(async () => null),
  fetchSeed: vi.fn(async () => null),
}));

afterEach(() => vi.clearAllMocks());

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

const feedActions: FeedActions = {
  channel,
  me: 'user-b',
  openViewer: vi.fn(),
  openEditor: vi.fn(),
  expectEditor: vi.fn(),
  mergeTasks: vi.fn(),
  removeMessage: vi.fn(),
  taskById: () => undefined,
  isUsed: () => false,
  jumpToTask: vi.fn(),
  nameOf: () => undefined,
  jumpToMessage: vi.fn(),
  toggleReaction: vi.fn(),
  editMessage: vi.fn(),
  useAsReference: vi.fn(),
};

const finished = (id: string, prompt: string, seed: string | null = null): Task =>
  makeTask({
    id,
    prompt,
    finalPrompt: `${prompt} --v 6.1`,
    status: TaskStatus.Success,
    action: TaskAction.Imagine,
    imageUrl: `/files/${id}.png`,
    seed,
    buttons: [],
    submitTime: Number(id.replace(/\D/g, '')),
  });
const tasks = [
  finished('t1', 'a red fox'),
  finished('t2', 'a blue whale', '42'),
  finished('t3', 'a green frog'),
];
const items = tasks.map((task) => ({
  task,
  message: taskMessage(task, { author: { id: 'user-a', name: 'Alice', avatar: '' } }),
}));

function renderViewer(gallery: Partial<ViewerGallery> = {}, start = tasks[1]!) {
  const full: ViewerGallery = {
    entries: galleryOf(items, () => false),
    canLoadOlder: false,
    loadingOlder: false,
    loadOlder: vi.fn(),
    ...gallery,
  };
  render(
    <FeedContext.Provider value={feedActions}>
      <TooltipProvider>
        <ImageViewer
          image={{ src: start.imageUrl!, alt: start.prompt, taskId: start.id }}
          onClose={vi.fn()}
          gallery={full}
        />
      </TooltipProvider>
    </FeedContext.Provider>,
  );
  return full;
}

const shownSrc = () => screen.getByTestId('viewer-image').getAttribute('src');
const press = (key: string) => act(() => void fireEvent.keyDown(window, { key }));

describe('the image view steps through the channel’s images', () => {
  it('goes to the older image with ← and the newer with →, and says so at either end', () => {
    renderViewer();
    expect(shownSrc()).toBe('/files/t2.png');
    expect(screen.getByTestId('viewer-position').textContent).toBe('第 2 张，共 3 张');
    expect(screen.getByTestId('viewer-prompt').textContent).toBe('a blue whale');
    expect(screen.getByTestId('viewer-seed').textContent).toBe('42');
    expect(screen.getByTestId('viewer-author').textContent).toBe('Alice');

    press('ArrowLeft');
    expect(shownSrc()).toBe('/files/t1.png');
    expect(screen.getByTestId('viewer-prompt').textContent).toBe('a red fox');
    press('ArrowLeft');
    expect(shownSrc()).toBe('/files/t1.png');
    expect(screen.getByTestId('viewer-edge-note').textContent).toBe('已经是最早的一张图片');

    press('ArrowRight');
    press('ArrowRight');
    expect(shownSrc()).toBe('/files/t3.png');
    press('ArrowRight');
    expect(screen.getByTestId('viewer-edge-note').textContent).toBe('已经是最新的一张图片');
    // The arrow buttons do the same.
    fireEvent.click(screen.getByRole('button', { name: '上一张图片' }));
    expect(shownSrc()).toBe('/files/t2.png');
  });

  it('asks the feed for older images at the oldest loaded one', () => {
    const gallery = renderViewer({ canLoadOlder: true }, tasks[0]);
    press('ArrowLeft');
    expect(gallery.loadOlder).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '上一张图片' }).hasAttribute('disabled')).toBe(false);
  });

  it('steps with a horizontal swipe, not a vertical one', () => {
    renderViewer();
    const stage = screen.getByTestId('viewer-image').parentElement!;
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 290, clientY: 400 });
    expect(shownSrc()).toBe('/files/t2.png');
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 150, clientY: 210 });
    expect(shownSrc()).toBe('/files/t3.png');
  });

  it('copies the prompt as typed', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderViewer();
    fireEvent.click(screen.getByRole('button', { name: '复制提示词' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('a blue whale'));
    const { notify } = await import('../../../lib/notify');
    expect(notify.success).toHaveBeenCalledWith('复制成功');
  });

  it('leaves ←/→ to a text field', () => {
    renderViewer();
    const field = document.createElement('input');
    screen.getByTestId('viewer').append(field);
    act(() => void fireEvent.keyDown(field, { key: 'ArrowLeft' }));
    expect(shownSrc()).toBe('/files/t2.png');
  });
});

describe('the gallery', () => {
  it('holds the finished images in feed order, without hidden ones or describe results', () => {
    const describe = makeTask({
      id: 'd1',
      status: TaskStatus.Success,
      action: TaskAction.Describe,
      imageUrl: '/files/d1.png',
    });
    const running = makeTask({ id: 'r1', status: TaskStatus.InProgress });
    const list = [
      ...items,
      { task: describe, message: taskMessage(describe) },
      { task: running, message: taskMessage(running) },
    ];
    const gallery = galleryOf(list, (id) => id === 't2');
    expect(gallery.map((entry) => entry.task.id)).toEqual(['t1', 't3']);
    expect(stepThrough(gallery, 't1', 1)).toEqual({ kind: 'moved', taskId: 't3' });
    expect(stepThrough(gallery, 't1', -1)).toEqual({ kind: 'oldest' });
    expect(stepThrough(gallery, 't3', 1)).toEqual({ kind: 'newest' });
    expect(stepThrough(gallery, 'elsewhere', 1)).toEqual({ kind: 'outside' });
  });
});
