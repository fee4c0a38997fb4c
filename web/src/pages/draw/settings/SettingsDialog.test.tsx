// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { StorageKeys } from '@draw/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { registerNavigate } from '../../../lib/navigation';
import { appSettingStore, reloadAppSetting } from '../../../stores/appSetting';
import { authStore, setToken } from '../../../stores/auth';
import { companyInfoStore } from '../../../stores/companyInfo';
import { resetUserInfo, setUserInfo, userInfoStore } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { SettingsDialog } from './SettingsDialog';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const navigate = vi.fn();
let fetchMock: ReturnType<typeof vi.fn>;

function renderSettings() {
  return render(
    <TooltipProvider>
      <SettingsDialog open onOpenChange={() => {}} />
    </TooltipProvider>,
  );
}

function bodyOf(call: unknown[]): unknown {
  return JSON.parse(String((call[1] as RequestInit).body));
}

beforeEach(() => {
  localStorage.clear();
  reloadAppSetting();
  resetUserInfo();
  setToken('tok', Date.now() + 3600_000);
  setUserInfo({ id: 'u1', name: 'Ada', description: 'Painter' });
  registerNavigate(navigate);
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/upload') return envelope({ files: [{ id: 'f1', url: '/files/f1.png' }] });
    if (url === '/api/home/info') return envelope({ ...userInfoStore, ...JSON.parse(String(init.body)) });
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  registerNavigate(null);
});

describe('settings dialog', () => {
  it('validates the name (1–32 characters) inline', async () => {
    renderSettings();
    fireEvent.change(screen.getByTestId('settings-name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads an avatar, then saves the profile with PUT /api/home/info', async () => {
    renderSettings();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('settings-avatar-input'), { target: { files: [file] } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/upload', expect.anything()));
    const form = (fetchMock.mock.calls[0]?.[1] as RequestInit).body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);

    fireEvent.change(screen.getByTestId('settings-name'), { target: { value: 'Ada L.' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(userInfoStore.name).toBe('Ada L.'));
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/home/info')!;
    expect((put[1] as RequestInit).method).toBe('PUT');
    expect(bodyOf(put)).toEqual({ name: 'Ada L.', description: 'Painter', avatar: '/files/f1.png' });
    expect(userInfoStore.avatar).toBe('/files/f1.png');
    expect(JSON.parse(localStorage.getItem(StorageKeys.userInfo)!).data.name).toBe('Ada L.');
  });

  it('changes the theme at once', async () => {
    renderSettings();
    fireEvent.click(screen.getByTestId('settings-theme-light'));
    expect(appSettingStore.theme).toBe('light');
    expect(JSON.parse(localStorage.getItem('appSetting')!).data.theme).toBe('light');
    await waitFor(() =>
      expect(screen.getByTestId('settings-theme-light').getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('settings-theme-auto'));
    expect(appSettingStore.theme).toBe('auto');
  });

  it('logs out: POST /api/login/logout, token dropped, to /login', async () => {
    renderSettings();
    fireEvent.click(screen.getByTestId('settings-logout'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/login/logout');
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).method).toBe('POST');
    expect(authStore.token).toBeNull();
    expect(localStorage.getItem(StorageKeys.auth)).toBeNull();
  });

  it('turns the English preview of Chinese prompts on (off by default), saved at once', async () => {
    companyInfoStore.translatesPrompts = true;
    renderSettings();
    const toggle = screen.getByTestId('settings-preview-translation');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(appSettingStore.previewTranslation).toBe(true);
  });

  it('promises no translation where the server has no translator: prompts go as written', () => {
    companyInfoStore.translatesPrompts = false;
    renderSettings();
    expect(screen.queryByTestId('settings-preview-translation')).toBeNull();
    expect(screen.getByText('本站没有配置翻译：提示词会按你写的原样发送，用英文书写效果最好。')).toBeTruthy();
    expect(screen.queryByText(/中文提示词会被翻译/)).toBeNull();
  });

  it('shows the language picker with the current language', () => {
    renderSettings();
    expect(screen.getByTestId('settings-language').textContent).toContain('简体中文');
  });

  it('sends the avatar only when a new one was uploaded', async () => {
    renderSettings();
    fireEvent.change(screen.getByTestId('settings-description'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(userInfoStore.description).toBe('Hello'));
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/home/info')!;
    expect(bodyOf(put)).toEqual({ name: 'Ada', description: 'Hello' });
  });

  it('keeps a picked avatar that is not saved: closing is refused and the unsaved-changes bar says so', async () => {
    const onOpenChange = vi.fn();
    render(
      <TooltipProvider>
        <SettingsDialog open onOpenChange={onOpenChange} />
      </TooltipProvider>,
    );
    expect(screen.queryByTestId('settings-unsaved')).toBeNull();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('settings-avatar-input'), { target: { files: [file] } });
    const bar = await screen.findByTestId('settings-unsaved');
    expect(bar.textContent).toContain('注意，你有尚未保存的更改！');

    fireEvent.keyDown(screen.getByTestId('settings-dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('请先保存或重置更改，再关闭设置。');

    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(userInfoStore.avatar).toBe('/files/f1.png'));
    await waitFor(() => expect(screen.queryByTestId('settings-unsaved')).toBeNull());
    fireEvent.keyDown(screen.getByTestId('settings-dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('resets a changed name and description to the saved profile, and then closes', async () => {
    const onOpenChange = vi.fn();
    render(
      <TooltipProvider>
        <SettingsDialog open onOpenChange={onOpenChange} />
      </TooltipProvider>,
    );
    fireEvent.change(screen.getByTestId('settings-name'), { target: { value: 'Someone else' } });
    fireEvent.change(screen.getByTestId('settings-description'), { target: { value: 'New words' } });
    fireEvent.keyDown(screen.getByTestId('settings-dialog'), { key: 'Escape' });
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('settings-reset'));
    expect((screen.getByTestId('settings-name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByTestId('settings-description') as HTMLTextAreaElement).value).toBe('Painter');
    expect(screen.queryByTestId('settings-unsaved')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('settings-dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
