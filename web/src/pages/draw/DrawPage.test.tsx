// @vitest-environment jsdom
import '../../test/dom';
import '../../i18n';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { appSettingStore, reloadAppSetting } from '../../stores/appSetting';
import { channelsStore } from '../../stores/channels';
import { chatStore } from '../../stores/chat';
import { setCompanyInfo } from '../../stores/companyInfo';
import { envelope } from '../../test/dom';
import { TooltipProvider } from '../../components/ui/tooltip';
import { DrawPage } from './DrawPage';
import { drawDialogs } from './drawDialogs';
import type * as ConnectionModule from '../../live/connection';

vi.mock('../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));
// The live connection never connects here: the list and the selection still work over REST.
vi.mock('../../live/connection', async (importOriginal) => {
  const actual = await importOriginal<typeof ConnectionModule>();
  const offline = {
    connected: false,
    start() {},
    listen: () => () => {},
    subscribe: () => Promise.reject(new Error('offline')),
    unsubscribe() {},
  };
  return { ...actual, getLiveConnection: () => offline };
});

const channels = [
  {
    id: 'c1',
    title: 'lobby',
    isBan: false,
    isCreator: true,
    creatorId: 'u1',
    memberCount: 1,
    createdAt: 1,
    engine: null,
  },
  {
    id: 'c2',
    title: 'anime',
    isBan: false,
    isCreator: false,
    creatorId: 'u2',
    memberCount: 2,
    createdAt: 2,
    engine: null,
  },
  {
    id: 'c3',
    title: 'products',
    isBan: true,
    isCreator: false,
    creatorId: 'u3',
    memberCount: 3,
    createdAt: 3,
    engine: null,
  },
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderDraw(path = '/draw/c2') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TooltipProvider>
        <Routes>
          <Route path="/draw/:uuid?" element={<DrawPage />} />
          <Route path="/chat/:uuid" element={<DrawPage />} />
        </Routes>
        <Where />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  reloadAppSetting();
  channelsStore.items = [];
  channelsStore.status = 'idle';
  chatStore.currentChannelId = null;
  Object.assign(drawDialogs, { settings: false, subscribe: false, createChannel: false });
  setCompanyInfo({
    name: 'Pixel Guild',
    description: '',
    keywords: '',
    isShowChatGPT: true,
    isShowDiscord: true,
  });
  fetchMock = vi.fn(async () => envelope(channels));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('drawing screen shell', () => {
  it('lists the channels with a # prefix and selects the one in the route', async () => {
    renderDraw('/draw/c2');
    const selected = await screen.findByTestId('channel-item-c2');
    expect(selected.getAttribute('data-selected')).toBe('true');
    expect(selected.textContent).toBe('#anime');
    expect(screen.getByTestId('channel-item-c1').getAttribute('data-selected')).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('anime')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/draw/channels');
    expect(screen.getByText('Pixel Guild')).toBeTruthy();
    expect(screen.getByText('文字频道')).toBeTruthy();
    expect(screen.getByText('常规')).toBeTruthy();
  });

  it('falls back to the first channel, and selecting one clears messages and goes to /draw/{id}', async () => {
    renderDraw('/chat/index');
    await waitFor(() =>
      expect(screen.getByTestId('channel-item-c1').getAttribute('data-selected')).toBe('true'),
    );
    fireEvent.click(within(screen.getByTestId('channel-item-c3')).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw/c3'));
    expect(chatStore.currentChannelId).toBe('c3');
    await waitFor(() => expect(screen.getByTestId('channel-title').textContent).toContain('products'));
  });

  it('shows 暂无数据 (No Data) for an empty list', async () => {
    fetchMock.mockImplementation(async () => envelope([]));
    renderDraw('/draw');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('warns that the chat channel is not open yet', async () => {
    renderDraw();
    fireEvent.click(await screen.findByTestId('rail-chat'));
    expect(notify.warning).toHaveBeenCalledWith('暂不开放此频道功能！');
  });

  it('hides the rail icons the company info does not allow', async () => {
    setCompanyInfo({ name: 'X', description: '', keywords: '', isShowChatGPT: false, isShowDiscord: false });
    renderDraw();
    await screen.findByTestId('channel-item-c2');
    expect(screen.queryByTestId('rail-chat')).toBeNull();
    expect(screen.queryByTestId('rail-draw')).toBeNull();
    expect(screen.getByTestId('rail')).toBeTruthy();
  });

  it('calls the create-channel hook from the add button', async () => {
    renderDraw();
    fireEvent.click(await screen.findByTestId('channel-add'));
    expect(drawDialogs.createChannel).toBe(true);
  });

  it('opens 订阅 from the crown and settings from the gear, and the profile from the name and 编辑服务器个人资料', async () => {
    renderDraw();
    fireEvent.click(await screen.findByTestId('footer-subscribe'));
    // Dialogs load their code on first open (lazyWhenOpen): allow for the fetch on a loaded machine.
    const subscribe = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect(within(subscribe).getByText('订阅')).toBeTruthy();
    expect(subscribe.style.width).toBe('1100px');
    expect(subscribe.style.maxWidth).toBe('90vw');
    fireEvent.keyDown(subscribe, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('footer-settings'));
    expect(await screen.findByTestId('settings-name', {}, { timeout: 5_000 })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('footer-name'));
    expect(await screen.findByTestId('settings-name', {}, { timeout: 5_000 })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The spec's entry edits the profile: the dialog opens with the name field focused.
    fireEvent.click(
      within(screen.getByTestId('edit-server-profile')).getByRole('button', { name: '编辑服务器个人资料' }),
    );
    const name = await screen.findByTestId('settings-name', {}, { timeout: 5_000 });
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('collapses the sidebar to width 0 and saves the setting at once', async () => {
    renderDraw();
    await screen.findByTestId('channel-item-c2');
    expect(screen.getByTestId('sidebar').style.width).toBe('240px');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    await waitFor(() => expect(screen.getByTestId('sidebar').style.width).toBe('0px'));
    expect(screen.getByTestId('sidebar').getAttribute('data-state')).toBe('closed');
    expect(appSettingStore.siderCollapsed).toBe(true);
    expect(JSON.parse(localStorage.getItem('appSetting')!).data.siderCollapsed).toBe(true);
  });

  it('shows the user footer with the default profile', async () => {
    renderDraw();
    const footer = await screen.findByTestId('user-footer');
    expect(within(footer).getByTestId('footer-name').textContent).toBe('Midjourney');
    // The connection never comes up here: the default status line says so instead of 在线.
    expect(within(footer).getByText('离线')).toBeTruthy();
  });
});
