import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

export interface UnsavedBarProps {
  /** How many times closing was refused since the changes began: each one flashes the bar. */
  nudges: number;
  saving: boolean;
  busy: boolean;
  onReset: () => void;
  /** The id of the form the Save button submits. */
  form: string;
}

/** Discord's "Careful — you have unsaved changes!" bar: Reset or Save; the dialog will not close meanwhile. */
export function UnsavedBar({ nudges, saving, busy, onReset, form }: UnsavedBarProps) {
  const { t } = useTranslation();
  const nudged = nudges > 0;
  return (
    <div
      key={nudges}
      role="region"
      aria-label={t('settings.unsaved')}
      data-testid="settings-unsaved"
      data-nudged={nudged || undefined}
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg px-3 py-2.5 shadow-[0_2px_10px_rgb(0_0_0/0.2)] transition-colors',
        nudged
          ? 'animate-fade-in bg-destructive text-white'
          : 'bg-[#f2f3f5] text-foreground dark:bg-[#111214]',
      )}
    >
      <p className="min-w-0 text-sm font-medium" role={nudged ? 'alert' : undefined}>
        {nudged ? t('settings.unsavedBlocked') : t('settings.unsaved')}
      </p>
      <div className="ml-auto flex items-center gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={saving}
          onClick={onReset}
          data-testid="settings-reset"
          className={cn(nudged && 'text-white hover:bg-white/15 hover:text-white')}
        >
          {t('common.reset')}
        </Button>
        <Button
          type="submit"
          form={form}
          size="sm"
          disabled={saving || busy}
          data-testid="settings-save"
          className="bg-[#248046] text-white hover:bg-[#1a6334]"
        >
          {saving && <Loader2Icon className="animate-spin" aria-hidden />}
          {t('settings.saveChanges')}
        </Button>
      </div>
    </div>
  );
}
