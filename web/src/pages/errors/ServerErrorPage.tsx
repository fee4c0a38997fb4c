import { ServerCrashIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code="500"
      title={t('errors.serverErrorTitle')}
      text={t('errors.serverErrorText')}
      icon={<ServerCrashIcon aria-hidden />}
    />
  );
}
