import { LockIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch';

/** 全员禁言 with its explanation: when on, only admins may send. */
export function MuteSwitchField({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span id={labelId} className="flex items-center gap-1.5 text-base font-medium text-heading">
          <LockIcon className="size-4 text-muted-foreground" aria-hidden />
          {t('channels.muteAll')}
        </span>
        <span id={hintId} className="text-sm text-muted-foreground">
          {t('channels.muteAllHint')}
        </span>
      </div>
      <Switch
        data-testid="channel-ban-switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className="mt-0.5"
      />
    </div>
  );
}
