import { AlertCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { UserAvatar } from '../../../components/app/UserAvatar';
import { cn } from '../../../lib/utils';
import { userInfoStore } from '../../../stores/userInfo';
import { discardMessage, retryMessage, type OutboxEntry } from './outbox';

const linkButton =
  'font-medium text-[#006ce7] outline-none hover:underline focus-visible:underline dark:text-[#00a8fc]';

/**
 * One of this tab's messages the server has not taken yet (outbox.ts), as Discord shows it:
 * dimmed while it is being sent, red with Retry and Delete once the send failed.
 */
export function PendingMessageRow({ entry, head }: { entry: OutboxEntry; head: boolean }) {
  const { t } = useTranslation();
  const user = useSnapshot(userInfoStore);
  const failed = entry.status === 'failed';
  return (
    <article
      data-testid={`pending-message-${entry.nonce}`}
      data-status={entry.status}
      aria-label={user.name}
      aria-busy={!failed || undefined}
      className={cn('relative flex gap-4 py-0.5 pr-4 pl-4', head && 'mt-[17px]')}
    >
      {head ? (
        <UserAvatar
          src={user.avatar}
          name={user.name}
          className={cn('mt-0.5 size-10', !failed && 'opacity-60')}
        />
      ) : (
        <span className="w-10 shrink-0" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        {head && (
          <h3 className="flex flex-wrap items-baseline gap-x-2 leading-[1.375rem]">
            <span className="text-[15px] font-medium text-heading">{user.name}</span>
          </h3>
        )}
        <p
          className={cn(
            'text-[15px] leading-[1.375rem] break-words whitespace-pre-wrap',
            failed ? 'text-[#c22f34] dark:text-[#fa777c]' : 'text-muted-foreground',
          )}
        >
          {entry.content}
        </p>
        {failed ? (
          <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
            <AlertCircleIcon className="size-4 shrink-0 text-[#c22f34] dark:text-[#fa777c]" aria-hidden />
            <span>{t('connection.message.failed')}</span>
            <button
              type="button"
              data-testid="pending-retry"
              onClick={() => void retryMessage(entry.nonce)}
              className={linkButton}
            >
              {t('connection.message.retry')}
            </button>
            <span aria-hidden>·</span>
            <button
              type="button"
              data-testid="pending-delete"
              onClick={() => discardMessage(entry.nonce)}
              className={linkButton}
            >
              {t('connection.message.delete')}
            </button>
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">{t('connection.message.sending')}</p>
        )}
      </div>
    </article>
  );
}
