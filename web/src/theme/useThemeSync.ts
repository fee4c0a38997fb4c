import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { appSettingStore } from '../stores/appSetting';
import { sessionStore } from '../stores/session';
import { applyDarkClass, resolveIsDark, systemPrefersDark, watchSystemPreference } from './theme';

/** Keeps the `dark` class of the document in step with the setting, the session and the system. */
export function useThemeSync(): boolean {
  const { theme } = useSnapshot(appSettingStore);
  const { theme: sessionTheme } = useSnapshot(sessionStore);
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);

  useEffect(() => watchSystemPreference(setPrefersDark), []);

  const isDark = resolveIsDark({ setting: theme, sessionTheme, systemPrefersDark: prefersDark });
  useEffect(() => applyDarkClass(isDark), [isDark]);
  return isDark;
}
