import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, Language } from '@draw/shared';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadChunk } from '../lib/staleBuild';
import { appSettingStore } from '../stores/appSetting';
import zhCN from './locales/zh-CN';

/** Names of the languages, each written in itself (shown in the language picker). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

/**
 * zh-CN, the default language and the reference every other catalogue is typed against, is in the
 * initial bundle; the others are fetched when they are the active language (a catalogue is about
 * 10 KB gzip), through the stale-build guard like every lazy chunk.
 */
const lazyCatalogues: Record<
  Exclude<Language, typeof Language.ZhCN>,
  () => Promise<{ default: ResourceKey }>
> = {
  'en-US': () => import('./locales/en-US'),
  'zh-TW': () => import('./locales/zh-TW'),
};

const lazyCatalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, done) {
    const load = lazyCatalogues[language as keyof typeof lazyCatalogues];
    if (!load) return done(null, {});
    loadChunk(load).then(
      (catalogue) => done(null, catalogue.default),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The language shown first; `ready` resolves when its catalogue is loaded. */
const initialLanguage = appSettingStore.language ?? DEFAULT_LANGUAGE;

const initialized = i18n
  .use(lazyCatalogueBackend)
  .use(initReactI18next)
  .init({
    resources: { 'zh-CN': { translation: zhCN } },
    partialBundledLanguages: true,
    lng: initialLanguage,
    // zh-CN has every key by construction (it is the reference type), so it needs no fallback and
    // its users fetch no other catalogue.
    fallbackLng: (code: string) => (code === Language.ZhCN ? [] : [FALLBACK_LANGUAGE]),
    supportedLngs: [...LANGUAGES],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** Resolves when the first language's catalogue is there (at once for zh-CN): render after it. */
export const languageReady: Promise<unknown> = i18n.hasResourceBundle(initialLanguage, 'translation')
  ? Promise.resolve()
  : initialized.catch(() => undefined);

export default i18n;
