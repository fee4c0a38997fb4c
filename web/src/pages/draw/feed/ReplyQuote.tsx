import type { ReplyPreview } from '@draw/shared';
import { ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/app/UserAvatar';
import { plainText } from '../social/mentions';
import { useFeedActions } from './FeedContext';

/** The quoted line above a reply (Discord's): who, and the start of what they said; a click jumps there. */
export function ReplyQuote({ reply }: { reply: ReplyPreview }) {
  const { t } = useTranslation();
  const { nameOf, jumpToMessage } = useFeedActions();
  const excerpt = plainText(reply.excerpt, nameOf);
  return (
    <div
      className="relative flex min-w-0 items-center gap-1 pl-[72px] text-sm leading-5 text-muted-foreground"
      data-testid="reply-quote"
    >
      <span
        aria-hidden
        className="absolute top-1/2 left-9 h-2.5 w-[30px] rounded-tl-md border-t-2 border-l-2 border-black/15 dark:border-white/20"
      />
      {reply.deleted ? (
        <span className="truncate italic">{t('social.replyGone')}</span>
      ) : (
        <>
          <UserAvatar src={reply.author.avatar} name={reply.author.name} className="size-4" />
          <button
            type="button"
            onClick={() => jumpToMessage(reply.id)}
            title={t('social.jumpToOriginal')}
            className="flex min-w-0 items-center gap-1 text-left outline-none hover:text-foreground focus-visible:underline"
          >
            <span className="shrink-0 font-medium text-foreground/90">@{reply.author.name}</span>
            <span className="truncate">{excerpt || (reply.taskId ? t('feed.parentResult') : '')}</span>
            {reply.taskId && <ImageIcon className="size-4 shrink-0" aria-hidden />}
          </button>
        </>
      )}
    </div>
  );
}
