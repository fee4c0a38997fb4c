import { Theme } from '@draw/shared';
import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { cn } from '../../../lib/utils';
import { changeTheme } from '../../../lib/preferences';
import { appSettingStore } from '../../../stores/appSetting';
import { SettingsSection } from './SettingsSection';

const THEME_OPTIONS = [
  { value: Theme.Auto, Icon: MonitorIcon, swatch: 'bg-[linear-gradient(135deg,#ffffff_50%,#313338_50%)]' },
  { value: Theme.Light, Icon: SunIcon, swatch: 'bg-white' },
  { value: Theme.Dark, Icon: MoonIcon, swatch: 'bg-[#313338]' },
] as const;

/** Theme: auto / light / dark, saved at once. */
export function AppearanceSection() {
  const { t } = useTranslation();
  const { theme } = useSnapshot(appSettingStore);
  return (
    <SettingsSection title={t('settings.appearance')} description={t('settings.themeDescription')}>
      <div role="radiogroup" aria-label={t('settings.theme')} className="grid grid-cols-3 gap-3">
        {THEME_OPTIONS.map(({ value, Icon, swatch }) => {
          const selected = theme === value;
          return (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={selected}
              data-testid={`settings-theme-${value}`}
              onClick={() => changeTheme(value)}
              className={cn(
                'group flex flex-col items-center gap-2 rounded-lg p-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                selected ? 'text-heading' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <span
                className={cn(
                  'relative flex h-14 w-full items-center justify-center rounded-lg border-2 shadow-sm transition-colors',
                  swatch,
                  selected ? 'border-primary' : 'border-border group-hover:border-muted-foreground/50',
                )}
              >
                <Icon
                  className={cn(
                    'size-5',
                    value === Theme.Light
                      ? 'text-[#313338]'
                      : value === Theme.Dark
                        ? 'text-white'
                        : 'text-[#80848e]',
                  )}
                  aria-hidden
                />
                {selected && (
                  <span className="absolute -top-2 -right-2 flex size-5 items-center justify-center rounded-full bg-primary text-white">
                    <CheckIcon className="size-3" strokeWidth={3} aria-hidden />
                  </span>
                )}
              </span>
              {t(`settings.themes.${value}`)}
            </button>
          );
        })}
      </div>
    </SettingsSection>
  );
}
