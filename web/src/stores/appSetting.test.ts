// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_SETTING_KEY,
  appSettingStore,
  defaultAppSetting,
  reloadAppSetting,
  restoreAppSetting,
  setLanguage,
  setSiderCollapsed,
  setTheme,
  toggleSiderCollapsed,
} from './appSetting';

const saved = () =>
  JSON.parse(localStorage.getItem(APP_SETTING_KEY)!) as {
    data: Record<string, unknown>;
    expire: number | null;
  };

/** The browser's preferred languages, as `navigator.languages` reports them. */
function browserPrefers(...languages: string[]): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

beforeEach(() => {
  localStorage.clear();
  browserPrefers('zh-CN');
  reloadAppSetting();
});
afterEach(() => vi.restoreAllMocks());

describe('app settings', () => {
  it('defaults: sider expanded, dark theme, zh-CN, no translation preview', () => {
    expect(defaultAppSetting()).toEqual({
      siderCollapsed: false,
      theme: 'dark',
      language: 'zh-CN',
      previewTranslation: false,
    });
    expect(restoreAppSetting()).toEqual(defaultAppSetting());
  });

  it('restores the saved settings merged over the defaults', () => {
    localStorage.setItem(APP_SETTING_KEY, JSON.stringify({ data: { theme: 'light' }, expire: null }));
    expect(restoreAppSetting()).toEqual({
      siderCollapsed: false,
      theme: 'light',
      language: 'zh-CN',
      previewTranslation: false,
    });
    localStorage.setItem(
      APP_SETTING_KEY,
      JSON.stringify({
        data: { siderCollapsed: true, language: 'en-US', previewTranslation: true, extra: 1 },
        expire: null,
      }),
    );
    expect(restoreAppSetting()).toEqual({
      siderCollapsed: true,
      theme: 'dark',
      language: 'en-US',
      previewTranslation: true,
    });
  });

  it('ignores invalid saved values', () => {
    localStorage.setItem(
      APP_SETTING_KEY,
      JSON.stringify({
        data: { theme: 'purple', language: 'fr-FR', siderCollapsed: 'yes', previewTranslation: 'on' },
        expire: null,
      }),
    );
    expect(restoreAppSetting()).toEqual(defaultAppSetting());
  });

  it('saves every change at once, under appSetting with no expiry', () => {
    setSiderCollapsed(true);
    expect(saved()).toEqual({
      data: { siderCollapsed: true, theme: 'dark', language: 'zh-CN', previewTranslation: false },
      expire: null,
    });
    setTheme('auto');
    expect(saved().data.theme).toBe('auto');
    toggleSiderCollapsed();
    expect(saved().data.siderCollapsed).toBe(false);
    expect(appSettingStore.siderCollapsed).toBe(false);
  });

  it('saves the language only when it changes', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    setLanguage('zh-CN');
    expect(setItem).not.toHaveBeenCalled();
    setLanguage('zh-TW');
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(saved().data.language).toBe('zh-TW');
    setLanguage('zh-TW');
    expect(setItem).toHaveBeenCalledTimes(1);
  });

  it('reloads what was saved', () => {
    setTheme('light');
    appSettingStore.theme = 'dark';
    reloadAppSetting();
    expect(appSettingStore.theme).toBe('light');
  });
});

describe('a first visit follows the browser language', () => {
  it.each([
    [['en-GB', 'fr'], 'en-US'],
    [['en'], 'en-US'],
    [['zh-TW'], 'zh-TW'],
    [['zh-HK', 'en'], 'zh-TW'],
    [['zh-Hant-CN'], 'zh-TW'],
    [['zh'], 'zh-CN'],
    [['zh-Hans-SG'], 'zh-CN'],
    [['fr-FR', 'de'], 'zh-CN'],
    [['fr-FR', 'zh-TW', 'en-US'], 'zh-TW'],
  ])('the browser preferring %j gets %s', (languages, expected) => {
    browserPrefers(...languages);
    expect(restoreAppSetting().language).toBe(expected);
  });

  it('keeps the language a person chose over what the browser prefers', () => {
    localStorage.setItem(
      APP_SETTING_KEY,
      JSON.stringify({ data: { theme: 'light', language: 'zh-CN' }, expire: null }),
    );
    browserPrefers('en-US');
    expect(restoreAppSetting()).toMatchObject({ theme: 'light', language: 'zh-CN' });
  });

  it('asks the browser when saved settings carry no valid language', () => {
    localStorage.setItem(
      APP_SETTING_KEY,
      JSON.stringify({ data: { theme: 'light', language: 'fr-FR' }, expire: null }),
    );
    browserPrefers('en-US');
    expect(restoreAppSetting()).toMatchObject({ theme: 'light', language: 'en-US' });
  });
});
