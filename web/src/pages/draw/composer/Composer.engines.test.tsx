// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { BotType } from '@draw/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { setToken } from '../../../stores/auth';
import { resetUserInfo, setUserInfo } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { ENGINE_PREFERENCE_KEY } from '../engines/engineChoice';
import { resetEngines } from '../engines/enginesStore';
import { Composer } from './Composer';
import { channelOf, enginesOf, infoOf, pngFile } from './testing';

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
const press = (key: string) => fireEvent.keyDown(input(), { key });
const calls = (url: string) =>
  fetchMock.mock.calls.filter(([called]) => String(called).split('?')[0] === url);
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));
const picker = () => screen.findByTestId('composer-engine-picker');

/** Opens the picker (Radix opens it from the keyboard in jsdom) and picks an engine. */
async function pickEngine(id: string) {
  fireEvent.keyDown(await picker(), { key: 'Enter' });
  fireEvent.click(await screen.findByTestId(`composer-engine-${id}`));
}

beforeEach(() => {
  localStorage.clear();
  resetEngines();
  resetUserInfo();
  setToken('tok', Date.now() + 3600_000);
  setUserInfo({ id: 'u1', name: 'Ada' });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  routes = {
    '/api/draw/engines': () => envelope({ engines: enginesOf() }),
    '/api/mj/submit/imagine/c1': () => envelope({ taskId: 't1' }),
    '/api/mj/submit/shorten/c1': () => envelope({ taskId: 't2' }),
    '/api/mj/submit/describe/c1': () => envelope({ taskId: 't3' }),
    '/api/mj/submit/blend/c1': () => envelope({ taskId: 't4' }),
    '/api/upload': () =>
      envelope({
        files: [
          { id: 'a.png', url: '/files/a.png' },
          { id: 'b.png', url: '/files/b.png' },
        ],
      }),
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
});

describe('composer: the engine that draws', () => {
  it('shows the site default with the price of /imagine there, and submits without naming an engine', async () => {
    renderComposer();
    expect((await screen.findByTestId('composer-engine-name')).textContent).toBe('内置草图引擎');
    expect(screen.getByTestId('composer-engine-price').textContent).toBe('1 积分');
    type('/imagine a fox');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toEqual({
      prompt: 'a fox',
      botType: BotType.MidJourney,
    });
  });

  it('starts on the channel’s engine, marked as its default in the menu', async () => {
    renderComposer(channelOf({ engine: 'comfyui' }));
    expect((await screen.findByTestId('composer-engine-name')).textContent).toBe('ComfyUI');
    expect(screen.getByTestId('composer-engine-price').textContent).toBe('3 积分');
    fireEvent.keyDown(await picker(), { key: 'Enter' });
    expect((await screen.findByTestId('composer-engine-comfyui')).textContent).toContain('频道默认');
    expect(screen.getByTestId('composer-engine-builtin').textContent).not.toContain('频道默认');
  });

  it('sends a pick in the bodies of imagine, shorten and describe, remembers it per channel, and shows its price', async () => {
    routes['/api/draw/engines'] = () =>
      envelope({ engines: enginesOf().map((engine) => ({ ...engine, available: true })) });
    renderComposer();
    await pickEngine('openai-images');
    expect(screen.getByTestId('composer-engine-name').textContent).toBe('OpenAI Images');
    expect(screen.getByTestId('composer-engine-price').textContent).toBe('5 积分');
    expect(JSON.parse(localStorage.getItem(ENGINE_PREFERENCE_KEY)!).data).toEqual({ c1: 'openai-images' });

    type('/imagine a fox');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!)).toEqual({
      prompt: 'a fox',
      botType: BotType.MidJourney,
      engine: 'openai-images',
    });
    await waitFor(() => expect(input().value).toBe(''));

    type('/shorten a very long prompt');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/shorten/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/shorten/c1')[0]!)).toEqual({
      prompt: 'a very long prompt',
      botType: BotType.MidJourney,
      engine: 'openai-images',
    });
    await waitFor(() => expect(input().value).toBe(''));

    const fileInput = screen.getByTestId('composer-file-input') as HTMLInputElement;
    vi.spyOn(fileInput, 'click').mockImplementation(() => {});
    type('/describe');
    press('Enter');
    fireEvent.change(fileInput, { target: { files: [pngFile('a.png')] } });
    await waitFor(() => expect(calls('/api/mj/submit/describe/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/describe/c1')[0]!)).toEqual({
      imageId: 'a.png',
      botType: BotType.MidJourney,
      engine: 'openai-images',
    });
  });

  it('restores the pick of this channel only; going back to the channel’s engine forgets it', async () => {
    localStorage.setItem(
      ENGINE_PREFERENCE_KEY,
      JSON.stringify({ data: { c1: 'comfyui', c2: 'builtin' }, expire: null }),
    );
    renderComposer();
    expect((await screen.findByTestId('composer-engine-name')).textContent).toBe('ComfyUI');
    await pickEngine('builtin');
    expect(JSON.parse(localStorage.getItem(ENGINE_PREFERENCE_KEY)!).data).toEqual({ c2: 'builtin' });
    type('/imagine a fox');
    press('Enter');
    await waitFor(() => expect(calls('/api/mj/submit/imagine/c1')).toHaveLength(1));
    expect(bodyOf(calls('/api/mj/submit/imagine/c1')[0]!).engine).toBeUndefined();
  });

  it('marks an engine that is down as unavailable and does not let it be picked', async () => {
    renderComposer();
    fireEvent.keyDown(await picker(), { key: 'Enter' });
    const down = await screen.findByTestId('composer-engine-openai-images');
    expect(down.textContent).toContain('暂不可用');
    expect(down.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(down);
    expect(screen.getByTestId('composer-engine-name').textContent).toBe('内置草图引擎');
    expect(localStorage.getItem(ENGINE_PREFERENCE_KEY)).toBeNull();
  });

  it('hides the commands the chosen engine does not offer, and names that engine in the menu', async () => {
    renderComposer();
    await screen.findByTestId('composer-engine-name');
    type('/');
    expect(screen.getByTestId('command-shorten')).toBeTruthy();
    expect(screen.getByTestId('command-menu').parentElement!.textContent).toContain('内置草图引擎');
    expect(screen.getByTestId('command-cost-imagine').textContent).toContain('1 积分');
    type('');
    await pickEngine('comfyui');
    type('/');
    expect(screen.queryByTestId('command-shorten')).toBeNull();
    expect(screen.queryByTestId('command-describe')).toBeNull();
    expect(screen.getByTestId('command-blend')).toBeTruthy();
    expect(screen.getByTestId('command-cost-imagine').textContent).toContain('3 积分');
    expect(screen.getByTestId('command-menu').parentElement!.textContent).toContain('ComfyUI');
    expect(screen.getByTestId('command-menu').parentElement!.textContent).not.toContain('Midjourney');
  });

  it('offers the Midjourney / Niji switch only on engines that honour it', async () => {
    renderComposer();
    await screen.findByTestId('composer-engine-name');
    expect(screen.getByTestId('composer-bot-switch')).toBeTruthy();
    await pickEngine('comfyui');
    expect(screen.queryByTestId('composer-bot-switch')).toBeNull();
  });

  it('names the chosen engine on the /info card', async () => {
    renderComposer(channelOf({ engine: 'comfyui' }));
    await screen.findByTestId('composer-engine-name');
    type('/info');
    press('Enter');
    await waitFor(() => expect(screen.getByTestId('info-engine').textContent).toContain('ComfyUI'));
    expect(screen.getByTestId('info-card').textContent).not.toContain('Midjourney');
  });

  it('without the list (an older server, a failed read) keeps a single engine’s composer', async () => {
    routes['/api/draw/engines'] = () => envelope(null);
    renderComposer();
    await waitFor(() => expect(calls('/api/draw/engines')).toHaveLength(1));
    expect(screen.queryByTestId('composer-engine-picker')).toBeNull();
    expect(screen.getByTestId('composer-bot-switch')).toBeTruthy();
  });
});
