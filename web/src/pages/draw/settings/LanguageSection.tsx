import { LANGUAGES, type Language } from '@draw/shared';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { LANGUAGE_NAMES } from '../../../i18n';
import { changeLanguage } from '../../../lib/preferences';
import { appSettingStore } from '../../../stores/appSetting';
import { SettingsSection } from './SettingsSection';

/** Language: 简体中文 / English / 繁體中文, saved when it changes. */
export function LanguageSection() {
  const { t } = useTranslation();
  const { language } = useSnapshot(appSettingStore);
  return (
    <SettingsSection title={t('settings.language')} description={t('settings.languageDescription')}>
      <Select value={language} onValueChange={(value) => changeLanguage(value as Language, language)}>
        <SelectTrigger
          data-testid="settings-language"
          aria-label={t('settings.language')}
          className="sm:w-64"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANGUAGES.map((option) => (
            <SelectItem key={option} value={option} data-testid={`settings-language-${option}`}>
              {LANGUAGE_NAMES[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </SettingsSection>
  );
}
