import { RefreshCwIcon, ServerCrashIcon, WifiOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { isChunkLoadError } from '../../lib/staleBuild';
import { ErrorScreen } from './ErrorScreen';

/**
 * What a screen that failed to render shows instead of a blank page: most often part of the app
 * that did not load (a deploy removed it and the recovery reload did not help, or the network
 * dropped), so the first thing offered is a reload.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <ErrorScreen
      title={t(chunk ? 'errors.loadFailedTitle' : 'errors.serverErrorTitle')}
      text={t(chunk ? 'errors.loadFailedText' : 'errors.serverErrorText')}
      icon={chunk ? <WifiOffIcon aria-hidden /> : <ServerCrashIcon aria-hidden />}
      action={
        <Button size="lg" onClick={() => window.location.reload()} data-testid="error-reload">
          <RefreshCwIcon aria-hidden />
          {t('errors.reload')}
        </Button>
      }
    />
  );
}
