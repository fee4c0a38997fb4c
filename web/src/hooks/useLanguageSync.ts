import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import i18n from '../i18n';
import { appSettingStore } from '../stores/appSetting';

/** Keeps i18next and `<html lang>` in step with the language setting. */
export function useLanguageSync(): void {
  const { language } = useSnapshot(appSettingStore);
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [language]);
}
