import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getLiveConnection } from '../../../live/connection';
import { notify } from '../../../lib/notify';
import { activePause, seedPause } from './submitPause';

/**
 * Keeps the composer's pause true while the drawing screen is open (`moderation:pause`): a pause
 * that began in another tab or on another device counts down here too, and one a moderator lifts
 * ends at once, with a word to say drawing is open again.
 */
export function usePauseSync(): void {
  const { t } = useTranslation();
  useEffect(
    () =>
      getLiveConnection().listen({
        pauseChanged: ({ pausedUntil }) => {
          const wasPaused = activePause() !== null;
          seedPause(pausedUntil);
          if (wasPaused && pausedUntil === null) notify.success(t('moderation.pauseLifted'));
        },
      }),
    [t],
  );
}
