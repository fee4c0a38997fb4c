import { HandshakeRefusal } from '@draw/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { notify } from '../lib/notify';
import { announceRefusal } from './refusal';

vi.mock('../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

afterEach(async () => {
  vi.mocked(notify.error).mockClear();
  await i18n.changeLanguage('zh-CN');
});

describe('announceRefusal', () => {
  it('tells an out-of-date page to reload, with a button that reloads', async () => {
    await i18n.changeLanguage('en-US');
    const reload = vi.fn();
    announceRefusal(HandshakeRefusal.ClientTooOld, reload);
    const [message, action] = vi.mocked(notify.error).mock.calls[0]!;
    expect(message).toMatch(/page is out of date.*Reload the page/);
    expect(action?.label).toBe('Reload');
    action?.onClick();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says the server is older, in the person’s language', async () => {
    await i18n.changeLanguage('zh-TW');
    announceRefusal(HandshakeRefusal.ServerTooOld, vi.fn());
    const [message, action] = vi.mocked(notify.error).mock.calls[0]!;
    expect(message).toContain('伺服器的版本比此頁面舊');
    expect(action?.label).toBe('重新整理');
  });
});
