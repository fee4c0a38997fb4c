import { useTranslation } from 'react-i18next';
import { DEFAULT_DESCRIPTION } from '../../stores/userInfo';

/** The stored default description (在线) is shown in the current language. */
export function useUserDescription(description: string): string {
  const { t } = useTranslation();
  return !description || description === DEFAULT_DESCRIPTION ? t('user.online') : description;
}
