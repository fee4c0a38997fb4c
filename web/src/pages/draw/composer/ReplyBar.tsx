import { XIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { ReplyTarget } from '../social/conversation';

/** "Replying to X" across the top of the composer, with ✕ (Escape does the same). */
export function ReplyBar({ reply, onCancel }: { reply: ReplyTarget; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="reply-bar"
      className="flex min-h-9 items-center gap-2 rounded-t-lg border-b border-black/5 bg-[#e3e5e8] py-1 pr-1 pl-4 text-sm text-muted-foreground dark:border-white/5 dark:bg-[#2b2d31]"
    >
      <span className="min-w-0 flex-1 truncate">
        <Trans
          i18nKey="social.replyingTo"
          values={{ name: reply.authorName }}
          components={{ name: <span className="font-semibold text-heading" /> }}
        />
        {reply.excerpt && <span className="ml-2 text-[13px] max-sm:hidden">{reply.excerpt}</span>}
      </span>
      <button
        type="button"
        data-testid="reply-cancel"
        onClick={onCancel}
        aria-label={t('social.cancelReply')}
        title={t('social.cancelReply')}
        className="flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring [@media(pointer:coarse)]:size-11 max-sm:size-11"
      >
        <XIcon className="size-[18px]" aria-hidden />
      </button>
    </div>
  );
}
