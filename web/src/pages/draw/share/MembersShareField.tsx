import { Share2Icon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch';

/** The creator's "Members may share results": when off, only a result's author makes its public link. */
export function MembersShareField({
  checked,
  disabled,
  onCheckedChange,
}: {
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span id={labelId} className="flex items-center gap-1.5 text-base font-medium text-heading">
          <Share2Icon className="size-4 text-muted-foreground" aria-hidden />
          {t('share.channelSetting')}
        </span>
        <span id={hintId} className="text-sm text-muted-foreground">
          {t('share.channelSettingHint')}
        </span>
      </div>
      <Switch
        data-testid="channel-share-switch"
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className="mt-0.5"
      />
    </div>
  );
}
