import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Switch } from '../../../components/ui/switch';
import { appSettingStore, setPreviewTranslation } from '../../../stores/appSetting';
import { companyInfoStore } from '../../../stores/companyInfo';
import { SettingsSection } from './SettingsSection';

/**
 * Prompts: whether the composer shows the English before sending (off by default). Translation is
 * promised only where the server has a translator; elsewhere the section says prompts go as written.
 */
export function PromptSection() {
  const { t } = useTranslation();
  const { previewTranslation } = useSnapshot(appSettingStore);
  const { translatesPrompts } = useSnapshot(companyInfoStore);
  const id = useId();
  if (!translatesPrompts)
    return (
      <SettingsSection title={t('settings.prompts')} description={t('settings.noTranslator')}>
        {null}
      </SettingsSection>
    );
  return (
    <SettingsSection title={t('settings.prompts')} description={t('settings.previewTranslationDescription')}>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {t('settings.previewTranslation')}
        </label>
        <Switch
          id={id}
          data-testid="settings-preview-translation"
          checked={previewTranslation}
          onCheckedChange={setPreviewTranslation}
        />
      </div>
    </SettingsSection>
  );
}
