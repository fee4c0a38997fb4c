import { DEFAULT_LANGUAGE, Language } from '@draw/shared';

/** Traditional-script Chinese tags: Taiwan, Hong Kong, Macau, or the script named outright. */
const TRADITIONAL = /^zh-(?:tw|hk|mo|hant)(?:-|$)/i;

/** The app language for one browser language tag, or null when the app has none close to it. */
export function languageForTag(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (TRADITIONAL.test(lower)) return Language.ZhTW;
  if (lower === 'zh' || lower.startsWith('zh-')) return Language.ZhCN;
  if (lower === 'en' || lower.startsWith('en-')) return Language.EnUS;
  return null;
}

/**
 * The language for a first visit (nothing chosen yet): the first of the browser's preferred
 * languages the app speaks, else the spec default (zh-CN).
 */
export function browserLanguage(preferred: readonly string[] | undefined = readPreferred()): Language {
  for (const tag of preferred ?? []) {
    const language = languageForTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function readPreferred(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined;
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : undefined;
}
