import { Loader2Icon, PlusIcon, SendHorizontalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';

const iconButton =
  'flex size-8 shrink-0 items-center justify-center rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

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
        className={cn(
          iconButton,
          'size-6 bg-[#4e5058] text-[#ebedef] hover:bg-[#313338] dark:bg-[#b5bac1] dark:text-[#383a40] dark:hover:bg-[#dbdee1]',
        )}
      >
        <PlusIcon className="size-4" strokeWidth={3} aria-hidden />
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
        className={cn(
          iconButton,
          canSend ? 'bg-primary text-white hover:bg-primary-hover' : 'text-muted-foreground',
        )}
      >
        {sending ? (
          <Loader2Icon className="size-4 animate-spin" aria-hidden />
        ) : (
          <SendHorizontalIcon className="size-4" aria-hidden />
        )}
      </button>
    </Tooltip>
  );
}
