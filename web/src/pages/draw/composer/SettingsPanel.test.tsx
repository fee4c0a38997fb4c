// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { BotType } from '@draw/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { setToken } from '../../../stores/auth';
import { resetUserInfo, userInfoStore } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { InfoCard } from './InfoCard';
import { SettingsPanel } from './SettingsPanel';
import { infoOf, optionsOf, settingsOf } from './testing';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

let fetchMock: ReturnType<typeof vi.fn>;
let current = settingsOf();

const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path);
const queryOf = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams.get('botType');
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

beforeEach(() => {
  localStorage.clear();
  resetUserInfo();
  setToken('tok', Date.now() + 3600_000);
  current = settingsOf();
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.split('?')[0]!;
    if (path === '/api/draw/settings/options') return envelope(optionsOf());
    if (path === '/api/draw/info/c1')
      return envelope(infoOf({ plan: 'Pro', credits: 42, jobMode: 'relax', remix: true, version: '7' }));
    if (path.startsWith('/api/draw/settings/version/'))
      current = { ...current, version: decodeURIComponent(path.split('/').pop()!) };
    else if (path === '/api/draw/settings/option') {
      const { name, value } = JSON.parse(String(init.body));
      current = { ...current, [name]: value };
    } else if (path === '/api/draw/settings/suffix')
      current = { ...current, suffix: JSON.parse(String(init.body)).suffix };
    else if (path === '/api/draw/settings' && init.method === 'PUT')
      current = { ...current, ...JSON.parse(String(init.body)) };
    return envelope(current);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/settings panel', () => {
  async function renderPanel(botType: BotType = BotType.MidJourney) {
    const onClose = vi.fn();
    render(<SettingsPanel channelId="c1" botType={botType} onClose={onClose} />);
    await screen.findByTestId('settings-version');
    return onClose;
  }

  it('loads the settings and the options of the current bot', async () => {
    await renderPanel(BotType.NijiJourney);
    expect(queryOf(callsTo('/api/draw/settings/c1')[0]!)).toBe(BotType.NijiJourney);
    expect(queryOf(callsTo('/api/draw/settings/options')[0]!)).toBe(BotType.NijiJourney);
    expect(screen.getByTestId('settings-panel').textContent).toContain('仅你可见');
  });

  it('shows the current parameters and marks the chosen buttons', async () => {
    await renderPanel();
    expect(screen.getByTestId('settings-current').textContent).toBe('--v 6.1 --fast');
    expect(screen.getByTestId('settings-speed-fast').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('settings-speed-relax').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('settings-stylize-med').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('settings-remix').getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByTestId('settings-stylize') as HTMLInputElement).value).toBe('100');
  });

  it('applies speed, raw, stylize presets and remix at once through PUT option', async () => {
    await renderPanel();
    fireEvent.click(screen.getByTestId('settings-speed-turbo'));
    await waitFor(() =>
      expect(screen.getByTestId('settings-speed-turbo').getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('settings-style-raw'));
    await waitFor(() =>
      expect(screen.getByTestId('settings-style-raw').getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('settings-stylize-high'));
    await waitFor(() =>
      expect((screen.getByTestId('settings-stylize') as HTMLInputElement).value).toBe('250'),
    );
    fireEvent.click(screen.getByTestId('settings-remix'));
    await waitFor(() =>
      expect(screen.getByTestId('settings-remix').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(callsTo('/api/draw/settings/option').map(bodyOf)).toEqual([
      { name: 'speed', value: 'turbo' },
      { name: 'style', value: 'raw' },
      { name: 'stylize', value: 250 },
      { name: 'remix', value: true },
    ]);
    expect(callsTo('/api/draw/settings/option').map(queryOf)).toEqual(Array(4).fill(BotType.MidJourney));
    expect(userInfoStore.mjRemix).toBe(true);
    expect(screen.getByTestId('settings-current').textContent).toBe(
      '--v 6.1 --style raw --stylize 250 --turbo',
    );
  });

  it('saves the suffix and the exact stylize value with Save → 保存成功', async () => {
    await renderPanel();
    fireEvent.change(screen.getByTestId('settings-stylize'), { target: { value: '333' } });
    fireEvent.change(screen.getByTestId('settings-suffix'), { target: { value: '--ar 16:9' } });
    fireEvent.click(screen.getByTestId('settings-panel-save'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('保存成功'));
    expect(callsTo('/api/draw/settings/option').map(bodyOf)).toEqual([{ name: 'stylize', value: 333 }]);
    expect(callsTo('/api/draw/settings/suffix').map(bodyOf)).toEqual([{ suffix: '--ar 16:9' }]);
    expect(screen.getByTestId('settings-current').textContent).toBe('--v 6.1 --stylize 333 --fast --ar 16:9');
  });

  it('refuses a stylize value out of range without a request', async () => {
    await renderPanel();
    fireEvent.change(screen.getByTestId('settings-stylize'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('settings-panel-save'));
    expect(await screen.findByText('风格化数值需为 0–1000 的整数')).toBeTruthy();
    expect(screen.getByTestId('settings-stylize').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('/api/draw/settings/suffix')).toHaveLength(0);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('resets to the defaults with PUT /api/draw/settings', async () => {
    current = settingsOf({ stylize: 750, speed: 'relax', suffix: '--chaos 5' });
    await renderPanel();
    fireEvent.click(screen.getByTestId('settings-reset'));
    await waitFor(() => expect(screen.getByTestId('settings-current').textContent).toBe('--v 6.1 --fast'));
    expect(bodyOf(callsTo('/api/draw/settings')[0]!)).toEqual(optionsOf().defaults);
    expect((screen.getByTestId('settings-suffix') as HTMLInputElement).value).toBe('');
  });

  it('closes with the close button and with "Dismiss message"', async () => {
    const onClose = await renderPanel();
    fireEvent.click(screen.getByTestId('settings-panel-close'));
    fireEvent.click(screen.getByText('关闭消息'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('/info card', () => {
  it('shows engine, plan, credits, job mode, remix, version and the jobs', async () => {
    render(<InfoCard channelId="c1" botType={BotType.MidJourney} onClose={() => {}} />);
    await screen.findByText('Built-in sketch engine');
    const card = screen.getByTestId('info-card');
    expect(card.getAttribute('aria-label')).toBe('你的信息');
    expect(screen.getByTestId('info-plan').textContent).toContain('Pro');
    expect(screen.getByTestId('info-credits').textContent).toContain('42');
    expect(screen.getByTestId('info-job-mode').textContent).toContain('放松模式');
    expect(screen.getByTestId('info-remix').textContent).toContain('开启');
    expect(screen.getByTestId('info-version').textContent).toContain('Midjourney V7');
    expect(screen.getByTestId('info-running').textContent).toContain('1');
    expect(screen.getByTestId('info-queued').textContent).toContain('2');
    expect(card.textContent).toContain('仅你可见');
  });
});
