// @vitest-environment jsdom
import '../../../test/dom';
import i18n from '../../../i18n';
import {
  buttonsForResult,
  parseCustomId,
  TaskAction,
  TaskStatus,
  type Channel,
  type Task,
} from '@draw/shared';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { envelope } from '../../../test/dom';
import { FeedContext, type FeedActions } from './FeedContext';
import { makeMessage, makeTask, taskMessage, conversationActions } from './fixtures';
import { MessageRow } from './MessageRow';
import { companyInfoStore } from '../../../stores/companyInfo';
import { billingStore, resetBilling } from '../subscribe/billingStore';
import { onPrefill } from '../composer/prefill';
import { enginesOf } from '../composer/testing';
import { enginesStore, resetEngines } from '../engines/enginesStore';

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

function actions(overrides: Partial<FeedActions> = {}): FeedActions {
  return {
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
    ...overrides,
  };
}

function renderTask(task: Task, feed: FeedActions = actions()) {
  const message = taskMessage(task, {
    author: { id: task.userId, name: task.userId === 'user-a' ? 'Alice' : 'Bob', avatar: '' },
  });
  render(
    <TooltipProvider>
      <FeedContext.Provider value={feed}>
        <MessageRow message={message} task={task} head canDelete={false} />
      </FeedContext.Provider>
    </TooltipProvider>,
  );
  return { card: screen.getByTestId(`task-card-${task.id}`), feed };
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => envelope({ taskId: 'task-2' }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const grid = makeTask({
  status: TaskStatus.Success,
  progress: '100%',
  imageUrl: '/files/grid.png',
  buttons: buttonsForResult('grid', 'h1'),
  properties: { width: 1024, height: 1024 },
});

describe('task card', () => {
  it('names an engine other than Midjourney by the name the engines list gives it, never Midjourney', () => {
    enginesStore.engines = enginesOf();
    try {
      const task = makeTask({ engine: 'comfyui' });
      renderTask(task);
      expect(screen.getByTestId(`message-m-${task.id}`).getAttribute('aria-label')).toBe('ComfyUI');
      expect(screen.getByText('ComfyUI')).toBeTruthy();
      expect(screen.queryByText(/Midjourney/)).toBeNull();
    } finally {
      resetEngines();
    }
  });

  it('shows no Midjourney job mode on an engine that has none; the built-in engine keeps it', () => {
    const { card } = renderTask(makeTask({ engine: 'openai-images', finalPrompt: 'a red fox in snow' }));
    expect(card.textContent).toContain('a red fox in snow');
    expect(card.textContent).not.toMatch(/\((fast|relax|turbo)\)|--v|快速/);
    cleanup();
    const builtin = renderTask(makeTask({ engine: 'builtin' }));
    expect(builtin.card.textContent).toContain('(fast)');
  });

  it('names what made a result before its author, as Midjourney does: Image #2, variations, retexture', () => {
    const bylines: [Partial<Task>, string][] = [
      [{ action: TaskAction.Upscale, parentId: 'p', properties: { index: 2 } }, '— 图 #2 @Alice'],
      [{ action: TaskAction.Variation, parentId: 'p' }, '— 变体 @Alice'],
      [{ action: TaskAction.Inpaint, parentId: 'p' }, '— 局部重绘 @Alice'],
      [{ action: TaskAction.Retexture, parentId: 'p' }, '— 重绘质感 @Alice'],
      [{ action: TaskAction.Imagine }, '— @Alice'],
      [{ action: TaskAction.Reroll, parentId: 'p' }, '— @Alice'],
    ];
    for (const [task, byline] of bylines) {
      const { card } = renderTask(makeTask(task));
      expect(card.textContent).toContain(byline);
      cleanup();
    }
  });

  it('shows the built-in engine honestly, with a BOT badge, the prompt and its parameters', () => {
    renderTask(makeTask());
    expect(screen.getByText('内置草图引擎')).toBeTruthy();
    expect(screen.getByText('BOT')).toBeTruthy();
    expect(screen.queryByText(/Midjourney/)).toBeNull();
    expect(screen.getByText('a red fox in snow').tagName).toBe('STRONG');
    // The parameters read as written, each one kept whole where a narrow line breaks.
    const params = screen.getByText('--fast').parentElement!;
    expect(params.textContent).toBe('--v 6.1 --fast');
    expect([...params.querySelectorAll('.whitespace-nowrap')].map((part) => part.textContent)).toEqual([
      '--v 6.1',
      '--fast',
    ]);
    expect(screen.getByText('@Alice')).toBeTruthy();
    expect(screen.getByText('/imagine')).toBeTruthy();
  });

  it('waits to start with a spinner, and offers cancel to its owner only', () => {
    renderTask(makeTask({ status: TaskStatus.Submitted }));
    expect(screen.getByText('等待开始…')).toBeTruthy();
    expect(screen.getByTestId('task-cancel-task-1')).toBeTruthy();
  });

  it('disables the action buttons for a muted member, saying why, and sends nothing', () => {
    renderTask(grid, actions({ channel: { ...channel, isBan: true } }));
    const u2 = screen.getByTestId('task-button-U2') as HTMLButtonElement;
    expect(u2.disabled).toBe(true);
    expect(u2.title).toContain('只有管理员可以发送消息');
    fireEvent.click(u2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the action buttons for the creator of a muted channel', () => {
    renderTask(grid, actions({ channel: { ...channel, isBan: true, isCreator: true } }));
    expect((screen.getByTestId('task-button-U2') as HTMLButtonElement).disabled).toBe(false);
  });

  it('tells how many jobs are ahead while the upstream queues it', () => {
    renderTask(makeTask({ status: TaskStatus.Submitted, properties: { queuePosition: 3 } }));
    expect(screen.getByText('排队中，前面还有 3 个任务')).toBeTruthy();
  });

  it('hides cancel from other members, but not from the channel creator', () => {
    renderTask(makeTask({ userId: 'user-b' }));
    expect(screen.queryByTestId('task-cancel-task-1')).toBeNull();
  });

  it('cancels for the creator and merges the answer', async () => {
    const cancelled = makeTask({ userId: 'user-b', status: TaskStatus.Cancel });
    fetchMock.mockImplementation(async () => envelope(cancelled));
    const { feed } = renderTask(
      makeTask({ userId: 'user-b' }),
      actions({ channel: { ...channel, isCreator: true } }),
    );
    fireEvent.click(screen.getByTestId('task-cancel-task-1'));
    // Clear verbs: keep drawing, or cancel the job (not "Cancel" / "OK").
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('button', { name: '继续画' })).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '取消任务' }));
    await waitFor(() => expect(feed.mergeTasks).toHaveBeenCalledWith([cancelled]));
    // Finished cards of earlier tests may still ask for their stars (batched): only the cancel matters here.
    expect(
      fetchMock.mock.calls.map((call) => call[0]).filter((url) => url !== '/api/archive/favorites'),
    ).toEqual(['/api/mj/task/task-1/cancel']);
  });

  it('shows progress with a bar and percentage while running', () => {
    renderTask(makeTask({ status: TaskStatus.InProgress, progress: '45%', previewUrl: '/files/p.png' }));
    const bar = screen.getByTestId('task-progress-task-1');
    expect(bar.getAttribute('role')).toBe('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByText('(45%)')).toBeTruthy();
  });

  it('shows the grid with the prompt as alt and opens the viewer', () => {
    const { feed } = renderTask(grid);
    const image = screen.getByTestId('task-image-task-1');
    expect(image.getAttribute('alt')).toBe('a red fox in snow');
    fireEvent.click(image);
    expect(feed.openViewer).toHaveBeenCalledWith({
      src: '/files/grid.png',
      alt: 'a red fox in snow',
      taskId: image.getAttribute('data-testid')!.replace('task-image-', ''),
    });
  });

  it('plays an MP4 clip muted and looping with its poster and controls; opens it full screen and offers its download', () => {
    const clip = makeTask({
      status: TaskStatus.Success,
      action: TaskAction.Video,
      progress: '100%',
      imageUrl: '/files/poster.png',
      videoUrl: '/files/clip.mp4',
      buttons: buttonsForResult('video', 'h1'),
      properties: { width: 480, height: 360 },
    });
    const { feed } = renderTask(clip);
    const video = screen.getByTestId('task-video-task-1') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/files/clip.mp4');
    expect(video.getAttribute('poster')).toBe('/files/poster.png');
    expect(video.muted && video.loop && video.autoplay && video.controls).toBe(true);
    expect(screen.getByTestId('task-clip-download-task-1').getAttribute('download')).toBe('clip.mp4');
    fireEvent.click(screen.getByTestId('task-clip-open-task-1'));
    expect(feed.openViewer).toHaveBeenCalledWith({
      src: '/files/clip.mp4',
      alt: 'a red fox in snow',
      clip: 'video',
      poster: '/files/poster.png',
      taskId: clip.id,
    });
    expect(screen.getByTestId('task-button-Extend-High-motion').getAttribute('aria-label')).toBe(
      'Extend (High motion) · 延长视频 · 高动态',
    );
  });

  it("plays the built-in engine's animated WebP in an image; hides Animate where the engine offers no video", () => {
    const clip = makeTask({
      status: TaskStatus.Success,
      action: TaskAction.Video,
      progress: '100%',
      imageUrl: '/files/poster.png',
      videoUrl: '/files/clip.webp',
    });
    renderTask(clip);
    expect(screen.getByTestId('task-video-task-1').tagName).toBe('IMG');
    // With video offered (the default), an upscale shows Animate.
    expect(screen.queryByTestId('task-button-Animate-Low-motion')).toBeNull();
    const upscaled = makeTask({
      id: 'task-2',
      status: TaskStatus.Success,
      action: TaskAction.Upscale,
      progress: '100%',
      imageUrl: '/files/u.png',
      buttons: buttonsForResult('upscale', 'h2'),
    });
    const before = companyInfoStore.engineFeatures;
    companyInfoStore.engineFeatures = ['cancel'];
    try {
      renderTask(upscaled);
      const card = screen.getByTestId('task-card-task-2');
      expect(within(card).queryByTestId('task-button-Animate-Low-motion')).toBeNull();
      expect(within(card).getByTestId('task-button-Vary-Subtle')).toBeTruthy();
    } finally {
      companyInfoStore.engineFeatures = before;
    }
  });

  it("draws Midjourney's own upscale emoji as an icon, never its name, and names V5's Upscale (2x/4x)", () => {
    const upscaled = makeTask({
      status: TaskStatus.Success,
      action: TaskAction.Upscale,
      progress: '100%',
      imageUrl: '/files/u.png',
      buttons: [
        {
          customId: 'MJ::JOB::upsample_v6_2x_subtle::1::h1::SOLO',
          emoji: 'upscale_1',
          label: 'Upscale (Subtle)',
        },
        { customId: 'MJ::JOB::upsample_v5_4x::1::h1::SOLO', emoji: 'upscale_1', label: 'Upscale (4x)' },
      ],
    });
    const { card } = renderTask(upscaled);
    expect(card.textContent).not.toContain('upscale_1');
    expect(within(card).getByRole('button', { name: 'Upscale (4x) · 放大 4x' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Upscale (Subtle) · 精细放大' })).toBeTruthy();
  });

  it('says why a task was cancelled when there is more to say', () => {
    const reason = 'Cancelled here and refunded, but the Midjourney service refused to stop the job.';
    const { card } = renderTask(makeTask({ status: TaskStatus.Cancel, failReason: reason }));
    expect(within(card).getByText(reason)).toBeTruthy();
  });

  it('lays the buttons out like Midjourney, each with an accessible name', () => {
    const { card } = renderTask(grid);
    const rows = within(card).getByRole('group').children;
    expect([...rows].map((row) => [...row.querySelectorAll('button')].map((b) => b.dataset.testid))).toEqual([
      ['task-button-U1', 'task-button-U2', 'task-button-U3', 'task-button-U4', 'task-button-reroll'],
      ['task-button-V1', 'task-button-V2', 'task-button-V3', 'task-button-V4'],
    ]);
    // The spoken name starts with the words shown, so "click U2" works by voice.
    expect(within(card).getByTestId('task-button-U2').getAttribute('aria-label')).toBe('U2 · 放大第 2 张');
    expect(within(card).getByTestId('task-button-reroll').getAttribute('aria-label')).toBe('重新生成');
    expect(within(card).getByTestId('task-button-U2').getAttribute('aria-pressed')).toBe('false');
  });

  it('names each button’s cost in its tooltip, from the account’s prices, and keeps the spoken name', () => {
    billingStore.account = {
      balance: 10,
      free: 10,
      dailyAllowance: 10,
      plan: null,
      prices: {
        IMAGINE: 2,
        VARIATION: 3,
        REROLL: 2,
        ZOOM: 2,
        PAN: 2,
        INPAINT: 2,
        BLEND: 2,
        UPSCALE: 1,
        DESCRIBE: 1,
        SHORTEN: 1,
        VIDEO: 4,
        RETEXTURE: 2,
      },
    };
    try {
      const { card } = renderTask(grid);
      expect(within(card).getByTestId('task-button-U2').title).toBe('放大第 2 张 · 消耗 1 积分');
      expect(within(card).getByTestId('task-button-V2').title).toContain('消耗 3 积分');
      expect(within(card).getByTestId('task-button-U2').getAttribute('aria-label')).toBe('U2 · 放大第 2 张');
    } finally {
      resetBilling();
    }
  });

  it('names a button’s cost at the price of the engine that drew the task, where the site prices engines apart', () => {
    billingStore.account = {
      balance: 10,
      free: 10,
      dailyAllowance: 10,
      plan: null,
      prices: {
        IMAGINE: 2,
        VARIATION: 3,
        REROLL: 2,
        ZOOM: 2,
        PAN: 2,
        INPAINT: 2,
        BLEND: 2,
        UPSCALE: 1,
        DESCRIBE: 1,
        SHORTEN: 1,
        VIDEO: 4,
        RETEXTURE: 2,
      },
    };
    enginesStore.engines = enginesOf();
    try {
      const { card } = renderTask({ ...grid, engine: 'comfyui' });
      expect(within(card).getByTestId('task-button-U2').title).toBe('放大第 2 张 · 消耗 3 积分');
    } finally {
      resetBilling();
      resetEngines();
    }
  });

  it('keeps the 0% placeholder in the shape the --ar asks for, so the feed does not jump when the image lands', () => {
    renderTask(
      makeTask({
        status: TaskStatus.InProgress,
        progress: '0%',
        finalPrompt: 'a tower --ar 9:16',
        previewUrl: null,
        imageUrl: null,
        properties: {},
      }),
    );
    const placeholder = screen.getByTestId('task-placeholder-task-1');
    expect(placeholder.style.aspectRatio).toBe('9 / 16');
    // At most 512 px high, as the image will be: 288 px wide.
    expect(placeholder.style.maxWidth).toBe('288px');
  });

  it('shows a U/V button pressed once the feed holds the task it made, as after a reload', () => {
    const { card } = renderTask(
      grid,
      actions({ isUsed: (taskId, key) => taskId === grid.id && key === 'upscale:3' }),
    );
    expect(within(card).getByTestId('task-button-U3').getAttribute('aria-pressed')).toBe('true');
    expect(within(card).getByTestId('task-button-U1').getAttribute('aria-pressed')).toBe('false');
    expect(within(card).getByTestId('task-button-V3').getAttribute('aria-pressed')).toBe('false');
  });

  it('posts a button, disables it while in flight, shows ✓, and waits for the new task’s editor', async () => {
    let answer: (value: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    fetchMock.mockImplementation(async () => envelope(makeTask({ id: 'task-2', status: TaskStatus.Modal })));
    const { feed } = renderTask(grid);
    const u2 = screen.getByTestId('task-button-U2') as HTMLButtonElement;
    fireEvent.click(u2);
    expect(u2.disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/mj/submit/action/channel-1');
    expect(JSON.parse(init.body as string)).toEqual({
      taskId: 'task-1',
      customId: 'MJ::JOB::upsample::2::h1',
    });
    await act(async () => answer(envelope({ taskId: 'task-2' })));
    await waitFor(() => expect(u2.disabled).toBe(false));
    expect(u2.querySelector('.lucide-check')).toBeTruthy();
    expect(feed.expectEditor).toHaveBeenCalledWith('task-2');
    await waitFor(() => expect(feed.mergeTasks).toHaveBeenCalled());
  });

  it('shows ❤️ filled when I bookmarked the result', () => {
    renderTask({
      ...grid,
      action: TaskAction.Upscale,
      buttons: buttonsForResult('upscale', 'h1'),
      properties: { index: 2, bookmarkedBy: ['user-a'] },
    });
    const heart = screen.getByTestId('task-button-bookmark');
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    // The heart is a like, told apart from the archive's star (收藏).
    expect(heart.getAttribute('aria-label')).toBe('取消喜欢');
    expect(screen.getByTestId('task-button-Vary-Region')).toBeTruthy();
    expect(screen.getByText('图 #2', { exact: false })).toBeTruthy();
  });

  it('shows the failure reason in a red embed', () => {
    renderTask(makeTask({ status: TaskStatus.Failure, failReason: 'Banned prompt: snow' }));
    expect(screen.getByRole('alert').textContent).toContain('Banned prompt: snow');
  });

  it('shows a muted line when cancelled, without buttons or cancel', () => {
    renderTask(makeTask({ status: TaskStatus.Cancel }));
    expect(screen.getByText('任务已取消')).toBeTruthy();
    expect(screen.queryByTestId('task-cancel-task-1')).toBeNull();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('offers the editor to the submitter of a MODAL task and makes others wait', () => {
    const modal = makeTask({
      status: TaskStatus.Modal,
      properties: { modal: { kind: 'region', defaultPrompt: 'x' } },
    });
    const { feed } = renderTask(modal);
    fireEvent.click(screen.getByTestId('task-open-editor-task-1'));
    expect(feed.openEditor).toHaveBeenCalledWith('task-1');
  });

  it('shows another member’s MODAL task as waiting for their input', () => {
    renderTask(
      makeTask({
        userId: 'user-b',
        status: TaskStatus.Modal,
        properties: { modal: { kind: 'remix', defaultPrompt: 'x' } },
      }),
    );
    expect(screen.queryByTestId('task-open-editor-task-1')).toBeNull();
    expect(screen.getByText('等待 @Bob 完成输入…')).toBeTruthy();
  });

  it('lists a describe result as four numbered prompts with buttons to imagine them', () => {
    renderTask(
      makeTask({
        action: TaskAction.Describe,
        prompt: '',
        finalPrompt: '',
        status: TaskStatus.Success,
        buttons: buttonsForResult('describe', 'h'),
        properties: { prompts: ['one', 'two', 'three', 'four'], referenceUrls: ['/files/src.png'] },
      }),
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '11.one',
      '22.two',
      '33.three',
      '44.four',
    ]);
    expect(screen.getByTestId('task-button-3').getAttribute('aria-label')).toBe('3 · 用第 3 条提示词绘画');
    expect(screen.getByTestId('task-button-retry')).toBeTruthy();
  });
});

describe('text message', () => {
  it('shows the author, the time and the text, with delete for the author', async () => {
    const message = makeMessage({ content: 'hi there' });
    const feed = actions();
    fetchMock.mockImplementation(async () => envelope(null));
    render(
      <TooltipProvider>
        <FeedContext.Provider value={feed}>
          <MessageRow message={message} task={null} head canDelete />
        </FeedContext.Provider>
      </TooltipProvider>,
    );
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(screen.getByText('hi there')).toBeTruthy();
    fireEvent.click(screen.getByTestId('message-delete-message-1'));
    expect(await screen.findByText('确定删除这条消息？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(feed.removeMessage).toHaveBeenCalledWith('message-1'));
    const { notify } = await import('../../../lib/notify');
    expect(notify.success).toHaveBeenCalledWith('删除成功');
    expect(
      fetchMock.mock.calls.map((call) => call[0]).filter((url) => url !== '/api/archive/favorites')[0],
    ).toBe('/api/draw/chat/message-1');
  });
});

describe('task card with a translated prompt', () => {
  it('shows the prompt as typed with the English the engine got under it, muted', () => {
    const task = makeTask({
      id: 'zh-1',
      prompt: '一只在雪中的红狐狸 --ar 16:9',
      promptEn: 'a red fox in the snow --ar 16:9',
      finalPrompt: 'a red fox in the snow --ar 16:9 --v 6.1 --fast',
    });
    const { card } = renderTask(task);
    expect(within(card).getByText('一只在雪中的红狐狸')).toBeTruthy();
    const english = within(card).getByTestId('task-english-zh-1');
    expect(english.textContent).toBe('a red fox in the snow');
    expect(english.className).toContain('text-muted-foreground');
    expect(within(english).getByLabelText('发送给引擎的英文')).toBeTruthy();
  });

  it('says when the translation failed and the prompt went as typed', () => {
    const task = makeTask({
      id: 'zh-2',
      prompt: '蓝色的海',
      promptEn: '蓝色的海',
      finalPrompt: '蓝色的海 --v 6.1',
      properties: { translationFailed: true },
    });
    const { card } = renderTask(task);
    expect(within(card).getByTestId('task-english-zh-2').textContent).toBe('翻译失败，已按原文发送');
  });

  it('adds nothing to an English prompt', () => {
    const { card } = renderTask(makeTask({ id: 'en-1', prompt: 'a red fox', promptEn: 'a red fox' }));
    expect(within(card).queryByTestId('task-english-en-1')).toBeNull();
  });
});

describe('a failed task', () => {
  const shortened = makeTask({
    id: 'f1',
    action: TaskAction.Shorten,
    prompt: 'the and of a',
    status: TaskStatus.Failure,
    failReason: 'Nothing to shorten: the prompt has no descriptive words. Your credits were refunded.',
    properties: { failure: { code: 'nothingToShorten', params: {} } },
  });
  const moderated = makeTask({
    id: 'f2',
    status: TaskStatus.Failure,
    failReason: 'Midjourney could not draw this: Banned prompt detected. Your credits were refunded.',
    properties: { failure: { code: 'upstream.failed', params: { reason: 'Banned prompt detected' } } },
  });
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('words its reason from the code in the reader’s language, never the English text', () => {
    renderTask(shortened);
    expect(screen.getByTestId('task-fail-reason-f1').textContent).toBe(
      '无法精简：提示词中没有描述性的词语。积分已退还。',
    );
    expect(screen.getByRole('alert').textContent).not.toContain('Nothing to shorten');
  });

  it('shows an upstream’s own words as they are, inside a sentence in the reader’s language', async () => {
    renderTask(moderated);
    expect(screen.getByTestId('task-fail-reason-f2').textContent).toBe(
      'Midjourney 未能完成绘图：Banned prompt detected。积分已退还。',
    );
    cleanup();
    await act(() => i18n.changeLanguage('en-US'));
    renderTask(moderated);
    expect(screen.getByTestId('task-fail-reason-f2').textContent).toBe(
      'Midjourney could not draw this: Banned prompt detected. Your credits were refunded.',
    );
  });

  it('reads in English for an English reader, with buttons named as they read', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderTask(shortened);
    expect(screen.getByTestId('task-fail-reason-f1').textContent).toBe(
      'Nothing to shorten: the prompt has no descriptive words. Your credits were refunded.',
    );
    expect(screen.getByRole('button', { name: 'Retry' }).dataset.testid).toBe('task-failure-retry-f1');
    expect(screen.getByRole('button', { name: 'Edit prompt' }).dataset.testid).toBe('task-failure-edit-f1');
  });

  it('still shows the stored text of a task that failed before reasons had codes', () => {
    renderTask(
      makeTask({
        id: 'old',
        status: TaskStatus.Failure,
        failReason: 'Nothing to shorten: the prompt has no descriptive words.',
      }),
    );
    expect(screen.getByTestId('task-fail-reason-old').textContent).toBe(
      'Nothing to shorten: the prompt has no descriptive words.',
    );
  });

  it('says the cancel note of an upstream cancel in the reader’s language', () => {
    renderTask(
      makeTask({
        id: 'c1',
        status: TaskStatus.Cancel,
        failReason: 'The task was cancelled at Midjourney (取消任务). Your credits were refunded.',
        properties: { failure: { code: 'upstream.cancelled', params: { reason: '取消任务' } } },
      }),
    );
    expect(screen.getByTestId('task-cancel-note-c1').textContent).toBe(
      '任务已在 Midjourney 端被取消（取消任务），积分已退还。',
    );
    expect(screen.queryByTestId('task-failure-retry-c1')).toBeNull();
  });

  it('offers its owner Retry, which sends the same command again with the same images', async () => {
    const failed = makeTask({
      id: 'f3',
      prompt: 'a red fox --ar 16:9',
      status: TaskStatus.Failure,
      properties: {
        failure: { code: 'engineError', params: {} },
        referenceUrls: ['/files/a.png', '/files/b.png'],
        referenceKinds: ['image', 'style'],
      },
    });
    const again = makeTask({ id: 'task-2', prompt: failed.prompt });
    fetchMock.mockImplementation(async (url: string) =>
      envelope(url === '/api/mj/task/task-2/fetch' ? again : { taskId: 'task-2' }),
    );
    const { feed } = renderTask(failed);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/mj/submit/imagine/channel-1')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/mj/submit/imagine/channel-1') as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(init.body as string)).toEqual({
      prompt: 'a red fox --ar 16:9',
      botType: failed.botType,
      references: [
        { imageId: 'a.png', kind: 'image' },
        { imageId: 'b.png', kind: 'style' },
      ],
    });
    // The new card shows up even if the live event is lost.
    await waitFor(() => expect(feed.mergeTasks).toHaveBeenCalledWith([again]));
  });

  it('retries a failed U2 by pressing U2 again on its grid', async () => {
    const parent = { ...grid, id: 'grid-1' };
    const u2 = parent.buttons.find(
      (b) =>
        parseCustomId(b.customId)?.kind === 'upscale' &&
        (parseCustomId(b.customId) as { index: number }).index === 2,
    )!;
    const failed = makeTask({
      id: 'f4',
      action: TaskAction.Upscale,
      parentId: 'grid-1',
      status: TaskStatus.Failure,
      properties: { index: 2, failure: { code: 'engineError', params: {} } },
    });
    const { feed } = renderTask(
      failed,
      actions({ taskById: (id) => (id === 'grid-1' ? parent : undefined) }),
    );
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/mj/submit/action/channel-1')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/mj/submit/action/channel-1') as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(init.body as string)).toEqual({ taskId: 'grid-1', customId: u2.customId });
    await waitFor(() => expect(feed.expectEditor).toHaveBeenCalledWith('task-2'));
  });

  it('offers no Retry where the same job cannot be sent again (a pan keeps no direction), but still Edit prompt', () => {
    renderTask(
      makeTask({
        id: 'f5',
        action: TaskAction.Pan,
        parentId: 'grid-1',
        status: TaskStatus.Failure,
        properties: { failure: { code: 'engineError', params: {} } },
      }),
    );
    expect(screen.queryByTestId('task-failure-retry-f5')).toBeNull();
    expect(screen.getByRole('button', { name: '修改提示词' })).toBeTruthy();
  });

  it('offers its owner Edit prompt, which puts the command back in the composer', () => {
    const seen: [string, string][] = [];
    const stop = onPrefill((channelId, text) => seen.push([channelId, text]));
    renderTask(shortened);
    fireEvent.click(screen.getByRole('button', { name: '修改提示词' }));
    stop();
    expect(seen).toEqual([['channel-1', '/shorten the and of a']]);
  });

  it('offers neither to another member', () => {
    renderTask({ ...shortened, userId: 'user-b' });
    expect(screen.getByTestId('task-fail-reason-f1')).toBeTruthy();
    expect(screen.queryByTestId('task-failure-retry-f1')).toBeNull();
    expect(screen.queryByTestId('task-failure-edit-f1')).toBeNull();
  });
});
