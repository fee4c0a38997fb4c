import { TimerIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft, usePauseLeft } from './submitPause';

/**
 * Above the message box while moderation has paused the person's submits: the time left, counting
 * down each second; gone (and drawing open again) when it reaches zero. Messages still go out.
 */
export function PauseNotice() {
  const { t } = useTranslation();
  const left = usePauseLeft();
  if (left === null) return null;
  return (
    <div
      data-testid="composer-paused"
      className="mb-2 flex items-center gap-2 rounded-lg bg-[#ebedef] px-4 py-2 text-[13px] text-heading dark:bg-[#383a40]"
    >
      <TimerIcon className="size-4 shrink-0 text-destructive dark:text-[#fa777c]" aria-hidden />
      {/* A timer is not read out each second; the refusal's toast already said it once. */}
      <span role="timer" className="tabular-nums">
        {t('moderation.paused', { time: formatTimeLeft(left) })}
      </span>
    </div>
  );
}
