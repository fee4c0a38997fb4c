// @vitest-environment jsdom
import type { UserInfo } from '@draw/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appSettingStore, reloadAppSetting, setLanguage, setTheme } from './appSetting';
import { endAccountSession, sessionStore, startAccountSession } from './session';

type Account = Pick<UserInfo, 'id' | 'theme' | 'language'>;

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
  reloadAppSetting();
  endAccountSession();
});

describe('the account’s saved language and theme follow the person', () => {
  it('replaces this device’s language and theme at sign-in, and keeps them for the next visit', () => {
    const account: Account = { id: 'u1', theme: 'light', language: 'en-US' };
    startAccountSession(account);
    expect(appSettingStore).toMatchObject({ theme: 'light', language: 'en-US' });
    expect(sessionStore.theme).toBe('light');
    reloadAppSetting();
    expect(appSettingStore).toMatchObject({ theme: 'light', language: 'en-US' });
  });

  it('applies them once per sign-in: a refresh of the session does not undo a choice made since', () => {
    startAccountSession({ id: 'u1', theme: 'light', language: 'en-US' });
    setLanguage('zh-TW');
    setTheme('dark');
    startAccountSession({ id: 'u1', theme: 'light', language: 'en-US' });
    expect(appSettingStore).toMatchObject({ theme: 'dark', language: 'zh-TW' });
  });

  it('applies the next account’s preferences after a log out', () => {
    startAccountSession({ id: 'u1', theme: 'light', language: 'en-US' });
    endAccountSession();
    expect(sessionStore.theme).toBeNull();
    startAccountSession({ id: 'u2', theme: 'dark', language: 'zh-TW' });
    expect(appSettingStore).toMatchObject({ theme: 'dark', language: 'zh-TW' });
  });

  it('leaves the device alone where the account never chose: no language, an auto theme', () => {
    setTheme('light');
    setLanguage('en-US');
    startAccountSession({ id: 'u1', theme: 'auto' });
    expect(appSettingStore).toMatchObject({ theme: 'light', language: 'en-US' });
    expect(sessionStore.theme).toBe('auto');
  });
});
