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

const saved = () => JSON.parse(localStorage.getItem(APP_SETTING_KEY)!) as { data: Record<string, unknown>; expire: number | null };

beforeEach(() => {
  localStorage.clear();
  reloadAppSetting();
});
afterEach(() => vi.restoreAllMocks());

describe('app settings', () => {
  it('defaults: sider expanded, dark theme, zh-CN, no translation preview', () => {
    expect(defaultAppSetting()).toEqual({ siderCollapsed: false, theme: 'dark', language: 'zh-CN', previewTranslation: false });
    expect(restoreAppSetting()).toEqual(defaultAppSetting());
  });

  it('restores the saved settings merged over the defaults', () => {
    localStorage.setItem(APP_SETTING_KEY, JSON.stringify({ data: { theme: 'light' }, expire: null }));
    expect(restoreAppSetting()).toEqual({ siderCollapsed: false, theme: 'light', language: 'zh-CN', previewTranslation: false });
    localStorage.setItem(APP_SETTING_KEY, JSON.stringify({ data: { siderCollapsed: true, language: 'en-US', previewTranslation: true, extra: 1 }, expire: null }));
    expect(restoreAppSetting()).toEqual({ siderCollapsed: true, theme: 'dark', language: 'en-US', previewTranslation: true });
  });

  it('ignores invalid saved values', () => {
    localStorage.setItem(APP_SETTING_KEY, JSON.stringify({ data: { theme: 'purple', language: 'fr-FR', siderCollapsed: 'yes', previewTranslation: 'on' }, expire: null }));
    expect(restoreAppSetting()).toEqual(defaultAppSetting());
  });

  it('saves every change at once, under appSetting with no expiry', () => {
    setSiderCollapsed(true);
    expect(saved()).toEqual({ data: { siderCollapsed: true, theme: 'dark', language: 'zh-CN', previewTranslation: false }, expire: null });
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
