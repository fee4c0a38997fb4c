import { Share2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/app/SwitchField';

/** The creator's "Members may share results": when off, only a result's author makes its public link. */
export function MembersShareField(props: {
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <SwitchField
      icon={Share2Icon}
      label={t('share.channelSetting')}
      hint={t('share.channelSettingHint')}
      testId="channel-share-switch"
      {...props}
    />
  );
}
