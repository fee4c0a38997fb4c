// @vitest-environment jsdom
import '../../../test/dom';
import i18n from '../../../i18n';
import { BotType, type Channel } from '@draw/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { setToken } from '../../../stores/auth';
import { resetUserInfo, setUserInfo } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { ChannelFormDialog } from '../channels/ChannelFormDialog';
import { enginesOf } from '../composer/testing';
import { ChannelEngineBadge } from './ChannelEngineBadge';
import { chooseEngine } from './engineChoice';
import { engineDisplayName } from './engineName';
import { enginesStore, enginesView, loadEngines, resetEngines } from './enginesStore';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const channel: Channel = {
  id: 'c9',
  title: 'lobby',
  isBan: false,
  isCreator: true,
  creatorId: 'u1',
  memberCount: 1,
  createdAt: 1,
  engine: null,
};
let fetchMock: ReturnType<typeof vi.fn>;
let routes: Record<string, (init?: RequestInit) => Response>;
const calls = (url: string) =>
  fetchMock.mock.calls.filter(([called]) => String(called).split('?')[0] === url);

beforeEach(() => {
  resetEngines();
  resetUserInfo();
  setToken('tok', Date.now() + 3600_000);
  setUserInfo({ id: 'u1', name: 'Ada' });
  routes = {
    '/api/draw/engines': () => envelope({ engines: enginesOf() }),
    '/api/draw/channel/c9': (init) => envelope({ ...channel, ...JSON.parse(String(init?.body ?? '{}')) }),
  };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[url.split('?')[0]!];
    return route ? route(init) : envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the engines list', () => {
  it('is read once per signed-in session, again for another person, and again after a failed read', async () => {
    await Promise.all([loadEngines(), loadEngines()]);
    await loadEngines();
    expect(calls('/api/draw/engines')).toHaveLength(1);
    expect(enginesStore.engines?.map((engine) => engine.id)).toEqual(['builtin', 'comfyui', 'openai-images']);

    setUserInfo({ id: 'u2', name: 'Bob' });
    await loadEngines();
    expect(calls('/api/draw/engines')).toHaveLength(2);

    resetEngines();
    routes['/api/draw/engines'] = () => new Response('down', { status: 502 });
    await loadEngines();
    expect(enginesStore.engines).toBeNull();
    routes['/api/draw/engines'] = () => envelope({ engines: enginesOf() });
    await loadEngines();
    expect(calls('/api/draw/engines')).toHaveLength(4);
    expect(enginesStore.engines).toHaveLength(3);
  });

  it('knows the site default, and who draws: the pick ?? the channel’s ?? the site’s (an engine no longer enabled is passed over)', () => {
    const engines = enginesOf();
    expect(enginesView(engines).siteDefault?.id).toBe('builtin');
    expect(chooseEngine(engines, null, null).engine?.id).toBe('builtin');
    expect(chooseEngine(engines, null, 'comfyui')).toMatchObject({
      engine: { id: 'comfyui' },
      picked: null,
      channelDefault: { id: 'comfyui' },
    });
    expect(chooseEngine(engines, 'openai-images', 'comfyui')).toMatchObject({
      engine: { id: 'openai-images' },
      picked: { id: 'openai-images' },
    });
    expect(chooseEngine(engines, 'midjourney-proxy', 'midjourney-proxy')).toMatchObject({
      engine: { id: 'builtin' },
      picked: null,
    });
    expect(chooseEngine(null, 'comfyui', 'comfyui').engine).toBeNull();
  });
});

describe('honest names', () => {
  it('calls only the midjourney-proxy Midjourney; others by their listed name, in the reader’s language for the built-in one', () => {
    const t = i18n.t.bind(i18n);
    const view = enginesView(enginesOf());
    expect(engineDisplayName(t, 'midjourney-proxy', BotType.MidJourney, view)).toBe('Midjourney Bot');
    expect(engineDisplayName(t, 'midjourney-proxy', BotType.NijiJourney, view)).toBe('niji・journey Bot');
    expect(engineDisplayName(t, 'builtin', BotType.MidJourney, view)).toBe('内置草图引擎');
    expect(engineDisplayName(t, 'comfyui', BotType.MidJourney, view)).toBe('ComfyUI');
    expect(engineDisplayName(t, 'openai-images', BotType.NijiJourney, enginesView(null))).toBe(
      'openai-images',
    );
    expect(engineDisplayName(t, null, BotType.MidJourney, view)).not.toContain('Midjourney');
  });
});

describe('the channel’s default engine', () => {
  function renderEdit(edited: Channel = channel) {
    const onSaved = vi.fn();
    render(
      <TooltipProvider>
        <ChannelFormDialog open onOpenChange={vi.fn()} onSaved={onSaved} channel={edited} />
      </TooltipProvider>,
    );
    return { onSaved };
  }
  const putBody = () => JSON.parse(String((calls('/api/draw/channel/c9').at(-1)![1] as RequestInit).body));

  it('is chosen by the creator in the channel’s settings and saved with PUT { engine }', async () => {
    const { onSaved } = renderEdit();
    const field = await screen.findByTestId('channel-engine');
    expect(within(field).getByTestId('channel-engine-default').textContent).toBe('站点默认（内置草图引擎）');
    expect(within(field).getByTestId('channel-engine-default').getAttribute('aria-checked')).toBe('true');
    expect(within(field).getByTestId('channel-engine-openai-images').textContent).toContain('暂不可用');
    fireEvent.click(within(field).getByTestId('channel-engine-comfyui'));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(putBody()).toEqual({ title: 'lobby', isBan: false, engine: 'comfyui' });
  });

  it('is not sent when unchanged', async () => {
    const { onSaved } = renderEdit({ ...channel, engine: 'comfyui' });
    const field = await screen.findByTestId('channel-engine');
    expect(within(field).getByTestId('channel-engine-comfyui').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(putBody()).toEqual({ title: 'lobby', isBan: false });
  });

  it('can be cleared back to the site default', async () => {
    const { onSaved } = renderEdit({ ...channel, engine: 'comfyui' });
    fireEvent.click(
      within(await screen.findByTestId('channel-engine')).getByTestId('channel-engine-default'),
    );
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(putBody()).toEqual({ title: 'lobby', isBan: false, engine: null });
  });

  it('is not offered when the site has a single engine', async () => {
    routes['/api/draw/engines'] = () => envelope({ engines: enginesOf().slice(0, 1) });
    renderEdit();
    await waitFor(() => expect(enginesStore.engines).toHaveLength(1));
    expect(screen.queryByTestId('channel-engine')).toBeNull();
  });

  it('shows on the channel’s bar by name, following a live change', async () => {
    const { rerender } = render(
      <TooltipProvider>
        <ChannelEngineBadge channel={{ engine: null }} />
      </TooltipProvider>,
    );
    const badge = await screen.findByTestId('channel-engine-badge');
    // Shown: the engine's name; read: the whole hint.
    expect(badge.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe('内置草图引擎');
    expect(badge.querySelector('.sr-only')?.textContent).toBe('本频道默认由 内置草图引擎 绘制');
    rerender(
      <TooltipProvider>
        <ChannelEngineBadge channel={{ engine: 'comfyui' }} />
      </TooltipProvider>,
    );
    expect(
      screen.getByTestId('channel-engine-badge').querySelector('[aria-hidden="true"]:not(svg)')?.textContent,
    ).toBe('ComfyUI');
    // A site with one engine has no choice to show.
    act(() => void (enginesStore.engines = enginesOf().slice(0, 1)));
    await waitFor(() => expect(screen.queryByTestId('channel-engine-badge')).toBeNull());
  });
});
