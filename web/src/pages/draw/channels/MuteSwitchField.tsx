import { LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/app/SwitchField';

/** 全员禁言 with its explanation: when on, only admins may send. */
export function MuteSwitchField(props: { checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <SwitchField
      icon={LockIcon}
      label={t('channels.muteAll')}
      hint={t('channels.muteAllHint')}
      testId="channel-ban-switch"
      {...props}
    />
  );
}
