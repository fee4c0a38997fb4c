import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Separator } from '../../../components/ui/separator';
import { logout } from '../../../lib/account';
import { AppearanceSection } from './AppearanceSection';
import { LanguageSection } from './LanguageSection';
import { ProfileSection } from './ProfileSection';
import { PromptSection } from './PromptSection';

export const SETTINGS_DIALOG_WIDTH = 600;

export interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** User settings: profile, theme, language, prompt translation preview and log out. */
export function SettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const { t } = useTranslation();
  const [loggingOut, setLoggingOut] = useState(false);

  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
      onOpenChange(false);
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={SETTINGS_DIALOG_WIDTH} data-testid="settings-dialog" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{t('settings.title')}</DialogTitle>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-6">
          {open && <ProfileSection />}
          <Separator />
          <AppearanceSection />
          <Separator />
          <LanguageSection />
          <Separator />
          <PromptSection />
        </DialogBody>
        <DialogFooter className="flex-row justify-between">
          <Button variant="destructive" onClick={() => void onLogout()} disabled={loggingOut} data-testid="settings-logout">
            <LogOutIcon aria-hidden />
            {t('settings.logout')}
          </Button>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('common.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
