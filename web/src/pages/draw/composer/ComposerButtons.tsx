import { Loader2Icon, PlusIcon, SendHorizontalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';

/**
 * A round button's hit area: as drawn under a mouse, 44 px on a phone where the circle inside
 * stays its own size (the finger gets the space around it, the composer keeps its look).
 */
const iconButton =
  'group flex shrink-0 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 max-sm:size-11';
const iconFace = 'flex shrink-0 items-center justify-center rounded-full transition-colors';

/** The round + at the left of the input: opens the file picker. */
export function AttachButton({ disabled, onClick }: { disabled: boolean; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Tooltip content={t('composer.attach')}>
      <button
        type="button"
        data-testid="composer-attach"
        aria-label={t('composer.attach')}
        disabled={disabled}
        onClick={onClick}
        // On a phone the wider hit area reaches left into the padding, so the circle stays put.
        className={cn(iconButton, 'size-6 max-sm:-ml-2.5')}
      >
        <span
          className={cn(
            iconFace,
            'size-6 bg-[#4e5058] text-[#ebedef] group-hover:bg-[#313338] dark:bg-[#b5bac1] dark:text-[#383a40] dark:group-hover:bg-[#dbdee1]',
          )}
        >
          <PlusIcon className="size-4" strokeWidth={3} aria-hidden />
        </span>
      </button>
    </Tooltip>
  );
}

/** Send, which spins while a call is on its way. */
export function SendButton({
  sending,
  canSend,
  onClick,
}: {
  sending: boolean;
  canSend: boolean;
  onClick(): void;
}) {
  const { t } = useTranslation();
  const label = sending ? t('composer.sending') : t('composer.send');
  return (
    <Tooltip content={label}>
      <button
        type="button"
        data-testid="composer-send"
        aria-label={label}
        aria-busy={sending || undefined}
        disabled={!canSend}
        onClick={onClick}
        className={cn(iconButton, 'size-8 max-sm:-mr-1.5')}
      >
        <span
          className={cn(
            iconFace,
            'size-8',
            canSend ? 'bg-primary text-white group-hover:bg-primary-hover' : 'text-muted-foreground',
          )}
        >
          {sending ? (
            <Loader2Icon className="size-4 animate-spin" aria-hidden />
          ) : (
            <SendHorizontalIcon className="size-4" aria-hidden />
          )}
        </span>
      </button>
    </Tooltip>
  );
}
