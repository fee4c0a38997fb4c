import { Language } from '@draw/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';
import { zhTW } from './zh-TW';

const catalogues = { [Language.ZhCN]: zhCN, [Language.EnUS]: enUS, [Language.ZhTW]: zhTW } as const;

/**
 * The console's strings go under `admin.*` of a language's catalogue once that catalogue is there.
 * Not before: a language whose bundle exists is not fetched by the app's lazy backend, so adding
 * ours first would leave it with the console's strings only.
 */
function addLoadedCatalogues(): void {
  for (const [language, strings] of Object.entries(catalogues)) {
    if (!i18n.hasResourceBundle(language, 'translation')) continue;
    if (i18n.exists('admin.title', { lng: language, fallbackLng: [] })) continue;
    i18n.addResourceBundle(language, 'translation', { admin: strings }, true, false);
  }
}

addLoadedCatalogues();
i18n.on('loaded', addLoadedCatalogues);
i18n.on('languageChanged', addLoadedCatalogues);

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A key of the console's catalogue: `nav.users`, `users.disableTitle`… */
export type AdminKey = Leaves<typeof zhCN>;
export type AdminT = (key: AdminKey, options?: Record<string, unknown>) => string;

/** `t` for the console's strings, typed by its zh-CN catalogue. */
export function useAdminT(): AdminT {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return useCallback<AdminT>((key, options) => translate(`admin.${key}`, options), [translate]);
}

export { catalogues as adminCatalogues };
