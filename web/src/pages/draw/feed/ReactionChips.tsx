import type { Message, Reaction } from '@draw/shared';
import { SmilePlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';
import { useFeedActions } from './FeedContext';

/** Who reacted, worded for the tooltip: "Ann, Bo and 3 others reacted with 👍". */
export function useReactorsLabel(): (reaction: Reaction) => string {
  const { t } = useTranslation();
  const { nameOf } = useFeedActions();
  return (reaction) => {
    const names = reaction.userIds.map((id) => nameOf(id) ?? t('social.reactions.someone'));
    const others = reaction.count - names.length;
    const who =
      others > 0
        ? t('social.reactions.whoAndOthers', {
            names: names.join(t('social.reactions.comma')),
            count: others,
          })
        : names.join(t('social.reactions.comma'));
    return t('social.reactions.tooltip', { who, emoji: reaction.emoji });
  };
}

/** The reactions under a message: a chip per emoji with its count, mine highlighted; a click toggles mine. */
export function ReactionChips({
  message,
  onToggle,
  onAdd,
}: {
  message: Message;
  onToggle: (emoji: string, mine: boolean) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const label = useReactorsLabel();
  if (message.reactions.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1" data-testid={`reactions-${message.id}`}>
      {message.reactions.map((reaction) => (
        <Tooltip key={reaction.emoji} content={label(reaction)}>
          <button
            type="button"
            data-testid={`reaction-${message.id}-${reaction.emoji}`}
            data-mine={reaction.me || undefined}
            aria-pressed={reaction.me}
            aria-label={t('social.reactions.chip', { emoji: reaction.emoji, count: reaction.count })}
            onClick={() => onToggle(reaction.emoji, reaction.me)}
            className={cn(
              // A finger (a coarse pointer, a phone's width) gets 44px: the chip draws at 32px and its hit
              // area reaches 6px around it.
              'relative inline-flex h-6 items-center gap-1.5 rounded-lg border px-1.5 text-sm leading-none transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring [@media(pointer:coarse)]:h-8 max-sm:h-8 [@media(pointer:coarse)]:px-2 max-sm:px-2 [@media(pointer:coarse)]:after:absolute max-sm:after:absolute [@media(pointer:coarse)]:after:-inset-1.5 max-sm:after:-inset-1.5',
              reaction.me
                ? 'border-blurple bg-blurple/15 dark:bg-blurple/25'
                : 'border-transparent bg-secondary hover:border-black/15 dark:bg-[#2b2d31] dark:hover:border-white/20',
            )}
          >
            <span aria-hidden>{reaction.emoji}</span>
            <span
              aria-hidden
              className={cn(
                'text-xs font-semibold tabular-nums',
                reaction.me ? 'text-[#3b45c4] dark:text-[#dee0fc]' : 'text-muted-foreground',
              )}
            >
              {reaction.count}
            </span>
          </button>
        </Tooltip>
      ))}
      <button
        type="button"
        onClick={onAdd}
        aria-label={t('social.reactions.add')}
        title={t('social.reactions.add')}
        className="relative inline-flex h-6 items-center rounded-lg bg-secondary px-1.5 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 hover:text-foreground focus-visible:opacity-100 [@media(hover:none)]:opacity-100 [@media(pointer:coarse)]:h-8 max-sm:h-8 [@media(pointer:coarse)]:px-2.5 max-sm:px-2.5 [@media(pointer:coarse)]:after:absolute max-sm:after:absolute [@media(pointer:coarse)]:after:-inset-1.5 max-sm:after:-inset-1.5 dark:bg-[#2b2d31]"
      >
        <SmilePlusIcon className="size-4" aria-hidden />
      </button>
    </div>
  );
}
