import { DEFAULT_LANGUAGE, LANGUAGES, StorageKeys, Theme, type Language } from '@draw/shared';
import { proxy, snapshot } from 'valtio';
import { browserLanguage } from '../i18n/detect';
import { storage } from '../lib/storage';

export interface AppSetting {
  siderCollapsed: boolean;
  theme: Theme;
  language: Language;
  /** Show the English a prompt will go with before sending it (off by default). */
  previewTranslation: boolean;
}

export const APP_SETTING_KEY = StorageKeys.appSetting;

export function defaultAppSetting(): AppSetting {
  return { siderCollapsed: false, theme: Theme.Dark, language: DEFAULT_LANGUAGE, previewTranslation: false };
}

const THEMES: readonly string[] = Object.values(Theme);

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Restores the saved settings merged over the defaults; unknown or invalid values are ignored.
 * With no language saved yet (a first visit), the browser's preferred languages pick it; once a
 * language is saved (chosen, or taken from the account at sign-in) it wins.
 */
export function restoreAppSetting(): AppSetting {
  const saved = storage.get<Partial<AppSetting>>(APP_SETTING_KEY);
  const setting = defaultAppSetting();
  if (!saved || typeof saved !== 'object' || !isLanguage(saved.language))
    setting.language = browserLanguage();
  if (!saved || typeof saved !== 'object') return setting;
  if (typeof saved.siderCollapsed === 'boolean') setting.siderCollapsed = saved.siderCollapsed;
  if (typeof saved.previewTranslation === 'boolean') setting.previewTranslation = saved.previewTranslation;
  if (typeof saved.theme === 'string' && THEMES.includes(saved.theme)) setting.theme = saved.theme;
  if (isLanguage(saved.language)) setting.language = saved.language;
  return setting;
}

/** App settings (spec §3/§4), persisted under `appSetting` with no expiry. */
export const appSettingStore = proxy<AppSetting>(restoreAppSetting());

function save(): void {
  storage.set(APP_SETTING_KEY, snapshot(appSettingStore), null);
}

export function setSiderCollapsed(collapsed: boolean): void {
  appSettingStore.siderCollapsed = collapsed;
  save();
}

export function toggleSiderCollapsed(): void {
  setSiderCollapsed(!appSettingStore.siderCollapsed);
}

export function setTheme(theme: Theme): void {
  appSettingStore.theme = theme;
  save();
}

export function setPreviewTranslation(on: boolean): void {
  appSettingStore.previewTranslation = on;
  save();
}

/** Saves the language only when it changes. */
export function setLanguage(language: Language): void {
  if (appSettingStore.language === language) return;
  appSettingStore.language = language;
  save();
}

/** Re-reads the saved settings (used at start and by tests). */
export function reloadAppSetting(): void {
  Object.assign(appSettingStore, restoreAppSetting());
}
