// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { BotType } from '@draw/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { notify } from '../../../lib/notify';
import { outboxStore } from '../feed/outbox';
import { reloadAppSetting, setPreviewTranslation } from '../../../stores/appSetting';
import { setToken } from '../../../stores/auth';
import { companyInfoStore } from '../../../stores/companyInfo';
import { resetUserInfo, setUserInfo } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { resetEngines } from '../engines/enginesStore';
import { BOT_PREFERENCE_KEY } from './botPreference';
import { Composer } from './Composer';
import { clearPause } from './submitPause';
import { channelOf, failure, infoOf, optionsOf, pngFile, settingsOf } from './testing';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

let fetchMock: ReturnType<typeof vi.fn>;
let routes: Record<string, () => Response>;

function renderComposer(channel = channelOf()) {
  return render(
    <TooltipProvider>
      <Composer channel={channel} />
    </TooltipProvider>,
  );
}

const input = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(input(), { key, ...init });
const calls = (url: string) =>
  fetchMock.mock.calls.filter(([called]) => String(called).split('?')[0] === url);
/** What the composer sent (the engines list it reads once is not a send). */
const sent = () => fetchMock.mock.calls.filter(([called]) => String(called) !== '/api/draw/engines');
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

beforeEach(() => {
  localStorage.clear();
  resetEngines();
  reloadAppSetting();
  resetUserInfo();
  setToken('tok', Date.now() + 3600_000);
  setUserInfo({ id: 'u1', name: 'Ada' });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  routes = {
    '/api/draw/chat/c1': () =>
      envelope({
        id: 'm1',
        channelId: 'c1',
        author: { id: 'u1', name: 'Ada', avatar: '' },
        kind: 'text',
        content: 'x',
        taskId: null,
        createdAt: 1,
      }),
    '/api/mj/submit/imagine/c1': () => envelope({ taskId: 't1' }),
    '/api/mj/submit/shorten/c1': () => envelope({ taskId: 't2' }),
    '/api/mj/submit/describe/c1': () => envelope({ taskId: 't3' }),
    '/api/upload': () =>
      envelope({
        files: [
          { id: 'a.png', url: '/files/a.png' },
          { id: 'b.png', url: '/files/b.png' },
        ],
      }),
    '/api/draw/settings/c1': () => envelope(settingsOf()),
    '/api/draw/settings/options': () => envelope(optionsOf()),
    '/api/draw/info/c1': () => envelope(infoOf()),
  };
  fetchMock = vi.fn(async (url: string) => {
    const route = routes[url.split('?')[0]!];
    return route ? route() : envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  outboxStore.entries.splice(0);
});

describe('composer: sending', () => {
  it('posts plain text with Enter and clears the input', async () => {
    renderComposer();
    type('hello world');
    press('Enter');
    await waitFor(() => expect(calls('/api/draw/chat/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/draw/chat/c1')[0]!)).toEqual({ content: 'hello world' });
    await waitFor(() => expect(input().value).toBe(''));
  });

  it('breaks the line with Shift+Enter and never sends during IME composition', () => {
    renderComposer();
    type('你好');
    press('Enter', { shiftKey: true });
    press('Enter', { isComposing: true });
    press('Enter', { keyCode: 229 });
    fireEvent.compositionStart(input());
    press('Enter');
    fireEvent.compositionEnd(input());
    expect(sent()).toEqual([]);
    press('Enter');
    expect(calls('/api/draw/chat/c1')).toHaveLength(1);
  });

  it('sends with the send button too, and ignores blank input', async () => {
    renderComposer();
    expect((screen.getByTestId('composer-send') as HTMLButtonElement).disabled).toBe(true);
    type('   ');
    press('Enter');
    expect(sent()).toEqual([]);
    type('via button');
    fireEvent.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(calls('/api/draw/chat/c1')).toHaveLength(1));
  });

  it('hands a refused message to the feed as failed (with Retry there), and does not toast a second time', async () => {
    routes['/api/draw/chat/c1'] = () => failure(400, '消息太长', 'bad_request');
    renderComposer();
    type('keep me');
    press('Enter');
    expect(input().value).toBe('');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('消息太长'));
    expect(notify.error).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(outboxStore.entries.map((entry) => [entry.content, entry.status])).toEqual([
        ['keep me', 'failed'],
      ]),
    );
  });

  it('turns muted when a message is refused with channel_muted', async () => {
    routes['/api/draw/chat/c1'] = () =>
      failure(423, '该频道已开启全员禁言，只有管理员可以发言', 'channel_muted');
    renderComposer(channelOf({ isCreator: false }));
    type('hello');
    press('Enter');
    expect(await screen.findByTestId('composer-muted')).toBeTruthy();
  });
});

describe('composer: slash commands', () => {
  it('opens the command menu on `/`, moves with the arrows, completes /imagine with Enter', async () => {
    renderComposer();
    type('/');
    const menu = screen.getByTestId('command-menu');
    expect(menu.getAttribute('role')).toBe('listbox');
    for (const name of ['imagine', 'describe', 'blend', 'shorten', 'settings', 'info'])
      expect(screen.getByTestId(`command-${name}`)).toBeTruthy();
    expect(screen.getByText('根据提示词生成图片')).toBeTruthy();
    expect(input().getAttribute('aria-controls')).toBe(screen.getByTestId('command-menu').id);
    expect(input().getAttribute('aria-label')).toBe('给 #' + channelOf().title + ' 发消息');
    expect(screen.getByTestId('command-imagine').getAttribute('aria-selected')).toBe('true');
    press('ArrowDown');
    expect(screen.getByTestId('command-describe').getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getByTestId('command-describe').id);
    press('ArrowUp');
    press('ArrowUp');
    expect(screen.getByTestId('command-info').getAttribute('aria-selected')).toBe('true');
    press('ArrowDown');
    press('Enter');
    expect(input().value).toBe('/imagine ');
    expect(screen.queryByTestId('command-menu')).toBeNull();

    type('/imagine a red fox in snow');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toEqual({
      prompt: 'a red fox in snow',
      botType: BotType.MidJourney,
    });
    await waitFor(() => expect(input().value).toBe(''));
  });

  it('filters as you type and closes with Escape', () => {
    renderComposer();
    type('/s');
    expect(screen.getByTestId('command-shorten')).toBeTruthy();
    expect(screen.getByTestId('command-settings')).toBeTruthy();
    expect(screen.queryByTestId('command-imagine')).toBeNull();
    press('Escape');
    expect(screen.queryByTestId('command-menu')).toBeNull();
    type('/se');
    expect(screen.getByTestId('command-menu')).toBeTruthy();
  });

  it('asks for a prompt before submitting /imagine or /shorten', () => {
    renderComposer();
    type('/imagine   ');
    press('Enter');
    expect(notify.error).toHaveBeenCalledWith('请输入提示词');
    expect(sent()).toEqual([]);
  });

  it('submits /shorten with the bot of the switch, remembered per channel', async () => {
    renderComposer();
    fireEvent.click(screen.getByTestId('composer-bot-niji'));
    expect(JSON.parse(localStorage.getItem(BOT_PREFERENCE_KEY)!).data).toEqual({ c1: BotType.NijiJourney });
    type('/shorten a very very long prompt');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/shorten/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/shorten/c1')[0]!)).toEqual({
      prompt: 'a very very long prompt',
      botType: BotType.NijiJourney,
    });
  });

  it('restores the bot chosen in this channel', () => {
    localStorage.setItem(
      BOT_PREFERENCE_KEY,
      JSON.stringify({ data: { c1: BotType.NijiJourney }, expire: null }),
    );
    renderComposer();
    expect(screen.getByTestId('composer-bot-niji').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('composer-bot-mj').getAttribute('aria-checked')).toBe('false');
    // Not the midjourney-proxy: the switch names the parameters it chooses, not a Midjourney bot.
    expect(screen.getByTestId('composer-bot-mj').getAttribute('aria-label')).toBe('Midjourney 参数（--v）');
    expect(screen.getByTestId('composer-bot-niji').getAttribute('aria-label')).toBe('Niji 参数（--niji）');
  });

  it('opens the /settings panel and the /info card from the menu', async () => {
    renderComposer();
    type('/settings');
    press('Enter');
    // The panel's code loads on first open (lazyWhenOpen): allow for the fetch on a loaded machine.
    expect(await screen.findByTestId('settings-panel', {}, { timeout: 5_000 })).toBeTruthy();
    expect(input().value).toBe('');
    await waitFor(() => expect(screen.getByTestId('settings-version')).toBeTruthy());
    type('/in');
    fireEvent.click(screen.getByTestId('command-info'));
    expect(await screen.findByTestId('info-card')).toBeTruthy();
    expect(screen.queryByTestId('settings-panel')).toBeNull();
    await screen.findByText('Built-in sketch engine');
    fireEvent.click(screen.getByTestId('info-card-close'));
    expect(screen.queryByTestId('info-card')).toBeNull();
  });

  it('opens the blend picker for /blend', async () => {
    renderComposer();
    type('/blend');
    press('Enter');
    expect(await screen.findByTestId('blend-dialog')).toBeTruthy();
  });

  it('/describe opens the picker without an image, then describes the picked image', async () => {
    renderComposer();
    const picker = screen.getByTestId('composer-file-input') as HTMLInputElement;
    const click = vi.spyOn(picker, 'click').mockImplementation(() => {});
    type('/describe');
    press('Enter');
    expect(click).toHaveBeenCalled();
    // One file, sent at once: never a second one left in the tray.
    expect(picker.multiple).toBe(false);
    routes['/api/upload'] = () => envelope({ files: [{ id: 'pic.png', url: '/files/pic.png' }] });
    fireEvent.change(picker, { target: { files: [pngFile('pic.png')] } });
    await waitFor(() => expect(calls('/api/mj/submit/describe/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/describe/c1')[0]!)).toEqual({
      imageId: 'pic.png',
      botType: BotType.MidJourney,
    });
    await waitFor(() => expect(screen.queryByTestId('composer-attachment-0')).toBeNull());
    // The attach button's picker still takes several images, for the tray.
    fireEvent.click(screen.getByLabelText('上传图片'));
    expect(picker.multiple).toBe(true);
  });
});

describe('composer: attachments', () => {
  const pick = (files: File[]) =>
    fireEvent.change(screen.getByTestId('composer-file-input'), { target: { files } });

  it('refuses too big, wrong type and too many files before any upload, with the spec messages', async () => {
    renderComposer();
    pick([pngFile('big.png', 1024 * 1024 + 1)]);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('图片大小不能超过 1M'));
    pick([new File(['just text'], 'notes.png', { type: 'image/png' })]);
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('只能上传 jpg/gif/png/jpeg/webp 格式的图片'),
    );
    pick([new File(['x'], 'doc.pdf', { type: 'application/pdf' })]);
    pick(Array.from({ length: 6 }, (_, i) => pngFile(`p${i}.png`)));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('最多上传 5 张垫图'));
    expect(screen.queryByTestId('composer-attachment-0')).toBeNull();
    expect(calls('/api/upload')).toHaveLength(0);
  });

  it('shows thumbnails with remove buttons, uploads them with /imagine, then clears them', async () => {
    renderComposer();
    pick([pngFile('a.png'), pngFile('b.png')]);
    expect(await screen.findByTestId('composer-attachment-1')).toBeTruthy();
    pick([pngFile('c.png')]);
    await screen.findByTestId('composer-attachment-2');
    fireEvent.click(screen.getByLabelText('移除 c.png'));
    expect(screen.queryByTestId('composer-attachment-2')).toBeNull();

    type('plain text');
    press('Enter');
    expect(notify.error).toHaveBeenCalledWith('图片需配合 /imagine 或 /describe 使用');

    type('/imagine a fox --ar 3:2');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    const form = (calls('/api/upload')[0]![1] as RequestInit).body as FormData;
    expect(form.getAll('file').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toEqual({
      prompt: 'a fox --ar 3:2',
      botType: BotType.MidJourney,
      imageIds: ['a.png', 'b.png'],
    });
    await waitFor(() => expect(screen.queryByTestId('composer-attachment-0')).toBeNull());
  });

  it('takes pasted images', async () => {
    renderComposer();
    fireEvent.paste(input(), { clipboardData: { files: [pngFile('pasted.png')], types: ['Files'] } });
    expect(await screen.findByTestId('composer-attachment-0')).toBeTruthy();
  });

  it('takes images dropped anywhere on the page, showing the upload overlay while dragging', async () => {
    renderComposer(channelOf({ title: 'art' }));
    const dataTransfer = { types: ['Files'], files: [pngFile('dropped.png')], dropEffect: 'none' };
    const drag = (name: string) => {
      const event = new Event(name, { bubbles: true, cancelable: true });
      Object.assign(event, { dataTransfer });
      act(() => void window.dispatchEvent(event));
    };
    drag('dragenter');
    expect(screen.getByTestId('composer-drop-overlay').textContent).toContain('上传到 #art');
    drag('drop');
    expect(screen.queryByTestId('composer-drop-overlay')).toBeNull();
    expect(await screen.findByTestId('composer-attachment-0')).toBeTruthy();
  });
});

describe('composer: muted channel', () => {
  it('is replaced by an explanation for a member of a muted channel', () => {
    renderComposer(channelOf({ isBan: true, isCreator: false }));
    expect(screen.getByTestId('composer-muted').textContent).toContain('全员禁言');
    expect(screen.getByTestId('composer-muted').textContent).toContain('只有管理员可以发送消息');
    expect(screen.queryByTestId('composer-input')).toBeNull();
  });

  it('still opens /settings for a muted member: it changes only their own settings', async () => {
    renderComposer(channelOf({ isBan: true, isCreator: false }));
    fireEvent.click(screen.getByTestId('composer-muted-settings'));
    expect(await screen.findByTestId('settings-current')).toBeTruthy();
    expect(screen.queryByTestId('composer-input')).toBeNull();
  });

  it('stays open for the creator and for site admins', () => {
    const { unmount } = renderComposer(channelOf({ isBan: true, isCreator: true }));
    expect(screen.getByTestId('composer-input')).toBeTruthy();
    unmount();
    setUserInfo({ isAdmin: true });
    renderComposer(channelOf({ isBan: true, isCreator: false }));
    expect(screen.getByTestId('composer-input')).toBeTruthy();
  });

  it('turns muted when the server answers 423 channel_muted (one toast, from the http client)', async () => {
    routes['/api/mj/submit/imagine/c1'] = () =>
      failure(423, '该频道已开启全员禁言，只有管理员可以发言', 'channel_muted');
    renderComposer(channelOf({ isCreator: false }));
    type('/imagine a fox');
    press('Enter');
    expect(await screen.findByTestId('composer-muted')).toBeTruthy();
    expect(notify.error).toHaveBeenCalledTimes(1);
  });

  it('follows the channel when the mute is lifted', () => {
    const { rerender } = renderComposer(channelOf({ isBan: true, isCreator: false }));
    expect(screen.getByTestId('composer-muted')).toBeTruthy();
    rerender(
      <TooltipProvider>
        <Composer channel={channelOf({ isBan: false, isCreator: false })} />
      </TooltipProvider>,
    );
    expect(screen.getByTestId('composer-input')).toBeTruthy();
  });
});

describe('composer: the English before sending', () => {
  const translateCalls = () => calls('/api/mj/translate');
  beforeEach(() => {
    companyInfoStore.translatesPrompts = true;
  });
  afterEach(() => {
    companyInfoStore.translatesPrompts = false;
  });

  it('shows no preview where the server has no translator: the Chinese is never offered as English', async () => {
    companyInfoStore.translatesPrompts = false;
    setPreviewTranslation(true);
    renderComposer();
    type('/imagine 猫');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(screen.queryByTestId('composer-translation')).toBeNull();
    expect(translateCalls()).toHaveLength(0);
  });

  it('is off by default: a Chinese prompt goes straight to the server, which translates it', async () => {
    renderComposer();
    type('/imagine 猫 --ar 2:3');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toEqual({
      prompt: '猫 --ar 2:3',
      botType: BotType.MidJourney,
    });
    expect(translateCalls()).toHaveLength(0);
  });

  it('with the setting on, shows the English first; the person edits it and that is what is sent', async () => {
    setPreviewTranslation(true);
    routes['/api/mj/translate'] = () =>
      envelope({
        prompt: '猫 --ar 2:3',
        promptEn: 'cat --ar 2:3',
        translated: true,
        failed: false,
        provider: 'openai',
      });
    renderComposer();
    type('/imagine 猫 --ar 2:3');
    press('Enter');
    const english = (await screen.findByTestId('composer-translation-input')) as HTMLTextAreaElement;
    expect(english.value).toBe('cat --ar 2:3');
    expect(bodyOf(translateCalls()[0]!)).toEqual({ prompt: '猫 --ar 2:3' });
    expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(0);
    fireEvent.change(english, { target: { value: 'a tabby cat --ar 2:3' } });
    fireEvent.click(screen.getByTestId('composer-translation-send'));
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toEqual({
      prompt: '猫 --ar 2:3',
      promptEn: 'a tabby cat --ar 2:3',
      botType: BotType.MidJourney,
    });
    await waitFor(() => expect(screen.queryByTestId('composer-translation')).toBeNull());
  });

  it('says when the translation failed, and an untouched failure lets the server try again', async () => {
    setPreviewTranslation(true);
    routes['/api/mj/translate'] = () =>
      envelope({ prompt: '狗', promptEn: '狗', translated: false, failed: true, provider: 'baidu' });
    renderComposer();
    type('/imagine 狗');
    press('Enter');
    await screen.findByTestId('composer-translation-input');
    expect(screen.getByTestId('composer-translation-note').textContent).toBe(
      '翻译失败：将按原文发送，也可以在这里写英文。',
    );
    // The Chinese is not labelled as the English to be sent.
    expect(screen.getByTestId('composer-translation').textContent).toContain('未翻译，将按原文发送');
    expect(screen.getByTestId('composer-translation').textContent).not.toContain('将发送的英文');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toEqual({
      prompt: '狗',
      botType: BotType.MidJourney,
    });
  });
});

describe('composer: reference images', () => {
  const pick = (files: File[]) =>
    fireEvent.change(screen.getByTestId('composer-file-input'), { target: { files } });

  it('marks images as image prompt, style or character reference (V6) with weights, and sends them as references', async () => {
    routes['/api/upload'] = () =>
      envelope({
        files: [
          { id: 'a.png', url: '/files/a.png' },
          { id: 'b.png', url: '/files/b.png' },
          { id: 'c.png', url: '/files/c.png' },
        ],
      });
    renderComposer();
    pick([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')]);
    await screen.findByTestId('composer-attachment-2');
    const kind = (i: number) => screen.getByTestId(`composer-attachment-kind-${i}`) as HTMLSelectElement;
    await waitFor(() => expect(calls('/api/draw/settings/c1').length).toBeGreaterThan(0));
    expect([...kind(0).options].map((o) => o.value)).toEqual(['image', 'style', 'character']);
    fireEvent.change(kind(1), { target: { value: 'style' } });
    fireEvent.change(kind(2), { target: { value: 'character' } });
    fireEvent.change(screen.getByTestId('composer-weight-style'), { target: { value: '250' } });
    fireEvent.change(screen.getByTestId('composer-weight-character'), { target: { value: '40' } });
    expect(screen.queryByTestId('composer-weight-omni')).toBeNull();
    type('/imagine a knight');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toEqual({
      prompt: 'a knight',
      botType: BotType.MidJourney,
      references: [
        { imageId: 'a.png', kind: 'image' },
        { imageId: 'b.png', kind: 'style' },
        { imageId: 'c.png', kind: 'character' },
      ],
      weights: { style: 250, character: 40 },
    });
  });

  it('offers the omni reference (--oref) instead on V7', async () => {
    routes['/api/draw/settings/c1'] = () => envelope(settingsOf({ version: '7' }));
    renderComposer();
    pick([pngFile('a.png')]);
    await screen.findByTestId('composer-attachment-0');
    const kind = screen.getByTestId('composer-attachment-kind-0') as HTMLSelectElement;
    await waitFor(() => expect([...kind.options].map((o) => o.value)).toEqual(['image', 'style', 'omni']));
    expect(kind.options[2]!.textContent).toBe('全能 --oref');
  });
});

describe('composer: teaching by doing', () => {
  it('offers to draw text typed without a slash: one click sends it as /imagine, Enter still posts it', async () => {
    renderComposer();
    type('a red fox in the snow');
    expect(screen.getByTestId('composer-draw-offer').textContent).toContain('回车会作为消息发送');
    fireEvent.click(screen.getByTestId('composer-draw-this'));
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toMatchObject({ prompt: 'a red fox in the snow' });
    expect(calls('/api/draw/chat/c1')).toHaveLength(0);
    await waitFor(() => expect(input().value).toBe(''));

    type('hello all');
    press('Enter', { ctrlKey: true });
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(2));
    type('just chatting');
    press('Enter');
    await waitFor(() => expect(calls('/api/draw/chat/c1')).toHaveLength(1));
    type('/imagine a cat');
    expect(screen.queryByTestId('composer-draw-offer')).toBeNull();
  });

  it('refuses an unknown command with the one it most likely meant, posting nothing', async () => {
    renderComposer();
    type('/imagin a cat');
    press('Enter');
    const note = screen.getByTestId('composer-unknown-command');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toContain('没有 /imagin 这个命令，你是想用 /imagine 吗？');
    expect(sent()).toEqual([]);
    expect(input().value).toBe('/imagin a cat');
    expect(input().getAttribute('aria-describedby')).toContain(note.id);

    fireEvent.click(screen.getByRole('button', { name: '改用 /imagine' }));
    expect(input().value).toBe('/imagine a cat');
    expect(screen.queryByTestId('composer-unknown-command')).toBeNull();

    type('/shrug');
    press('Enter');
    expect(screen.getByTestId('composer-unknown-command').textContent).toContain('输入 / 查看所有命令');
    expect(sent()).toEqual([]);
  });

  it('keeps the "/ for commands" hint on the phone', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderComposer();
    // The hint first: a long channel name is what gets cut.
    expect(input().placeholder).toBe('输入 / 使用命令 · #general');
  });
});

describe('composer: a moderation pause', () => {
  const imagine = '/api/mj/submit/imagine/c1';
  afterEach(() => {
    vi.useRealTimers();
    clearPause();
  });

  it('counts the time left down each second and lets drawing through again by itself at zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // 1 h 5 min 5 s left, as the server's refusal says (its `data.pausedUntil`).
    const until = Date.now() + (65 * 60 + 5) * 1000;
    routes[imagine] = () =>
      new Response(
        JSON.stringify({
          code: 400,
          message: '连续命中违禁词，你的提交已暂停，剩余 66 分钟',
          data: { pausedUntil: until },
          success: false,
          reason: 'forbidden',
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    renderComposer();
    type('/imagine a kite');
    press('Enter');
    const notice = await screen.findByTestId('composer-paused');
    expect(notice.textContent).toMatch(/^你的提交已暂停，1:05:0[45]后恢复$/);

    await act(async () => {
      vi.advanceTimersByTime(65 * 60 * 1000);
    });
    expect(screen.getByTestId('composer-paused').textContent).toMatch(/00:0[45]后恢复$/);
    // While paused, drawing sends nothing and says how long is left; the prompt stays for later.
    routes[imagine] = () => envelope({ taskId: 't9' });
    type('/imagine a kite');
    press('Enter');
    expect(calls(imagine)).toHaveLength(1);
    expect(notify.error).toHaveBeenLastCalledWith(expect.stringMatching(/00:0[45]后恢复$/));
    expect(input().value).toBe('/imagine a kite');

    await act(async () => {
      vi.advanceTimersByTime(6_000);
    });
    expect(screen.queryByTestId('composer-paused')).toBeNull();
    press('Enter');
    await waitFor(() => expect(calls(imagine)).toHaveLength(2));
  });
});
