import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@draw/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appSettingStore } from '../stores/appSetting';
import { resources } from './resources';

export { resources };

/** Names of the languages, each written in itself (shown in the language picker). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

void i18n.use(initReactI18next).init({
  resources,
  lng: appSettingStore.language ?? DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18n;
