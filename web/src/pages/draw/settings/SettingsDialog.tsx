import { LogOutIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
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
  /** Opened to edit the profile: the name field takes the focus instead of the dialog's first control. */
  focusProfile?: boolean;
}

/**
 * User settings: profile, theme, language, prompt translation preview and log out. Theme, language
 * and the preview apply at once; the profile has a Save. With profile changes not saved, closing
 * (Escape, outside, the X) is refused and the unsaved-changes bar flashes instead.
 */
export function SettingsDialog({ open, onOpenChange, focusProfile = false }: SettingsDialogProps) {
  const { t } = useTranslation();
  const [loggingOut, setLoggingOut] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [nudges, setNudges] = useState(0);
  const [barSlot, setBarSlot] = useState<HTMLDivElement | null>(null);

  const onDirtyChange = useCallback((next: boolean) => {
    setDirty(next);
    if (!next) setNudges(0);
  }, []);

  function requestOpenChange(next: boolean) {
    if (!next && dirty) {
      setNudges((count) => count + 1);
      return;
    }
    onOpenChange(next);
  }

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
    <Dialog open={open} onOpenChange={requestOpenChange}>
      <DialogContent
        width={SETTINGS_DIALOG_WIDTH}
        data-testid="settings-dialog"
        aria-describedby={undefined}
        onOpenAutoFocus={(event) => {
          const name = focusProfile ? document.getElementById('settings-name') : null;
          if (!name) return;
          event.preventDefault();
          name.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('settings.title')}</DialogTitle>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-6">
          {open && <ProfileSection barSlot={barSlot} onDirtyChange={onDirtyChange} nudges={nudges} />}
          <Separator />
          <AppearanceSection />
          <Separator />
          <LanguageSection />
          <Separator />
          <PromptSection />
        </DialogBody>
        <div ref={setBarSlot} className="border-t border-border px-4 pt-3 pb-4 empty:hidden" />
        {/* While the bar asks for Save or Reset, it takes the footer's place. */}
        {!dirty && (
          <DialogFooter className="flex-row justify-between">
            {/* Leaving is on offer, never the dialog's main button: a quiet red text (dark enough for AA on the footer), Close the filled one. */}
            <Button
              variant="ghost"
              size="sm"
              className="text-[#b8292e] hover:bg-destructive/10 hover:text-[#b8292e] dark:text-[#fa777c] dark:hover:text-[#fa777c]"
              onClick={() => void onLogout()}
              disabled={loggingOut}
              data-testid="settings-logout"
            >
              <LogOutIcon aria-hidden />
              {t('settings.logout')}
            </Button>
            <Button onClick={() => requestOpenChange(false)}>{t('common.close')}</Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
