import { NotifyLevel } from '@draw/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { alertPrefsStore } from '../social/alertPrefs';
import { permissionState, playPing, requestNotifications } from '../social/notifier';
import { SettingsSection } from './SettingsSection';

/** Notifications: the default for every channel, the ping, and the browser's permission. */
export function NotificationSection() {
  const { t } = useTranslation();
  const { level, sound } = useSnapshot(alertPrefsStore);
  const [permission, setPermission] = useState(permissionState);
  const levelId = useId();
  const soundId = useId();
  return (
    <SettingsSection title={t('social.notify.settingsTitle')} description={t('social.notify.settingsText')}>
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-4">
          <label id={levelId} className="text-sm font-medium text-foreground">
            {t('social.notify.defaultLevel')}
          </label>
          <Select value={level} onValueChange={(next) => (alertPrefsStore.level = next as NotifyLevel)}>
            <SelectTrigger aria-labelledby={levelId} className="w-44" data-testid="settings-notify-level">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {[NotifyLevel.All, NotifyLevel.Mentions, NotifyLevel.None].map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`social.notify.level.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={soundId} className="text-sm font-medium text-foreground">
            {t('social.notify.sound')}
          </label>
          <Switch
            id={soundId}
            data-testid="settings-notify-sound"
            checked={sound}
            onCheckedChange={(next) => {
              alertPrefsStore.sound = next;
              if (next) playPing();
            }}
          />
        </div>
        {permission !== 'granted' && (
          <div className="flex items-center justify-between gap-4">
            <p className="text-sm text-muted-foreground">
              {permission === 'denied'
                ? t('social.notify.blocked')
                : permission === 'unsupported'
                  ? t('social.notify.unsupported')
                  : t('social.notify.browserOff')}
            </p>
            {permission === 'default' && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void requestNotifications().then(setPermission)}
              >
                {t('social.notify.turnOn')}
              </Button>
            )}
          </div>
        )}
      </div>
    </SettingsSection>
  );
}
