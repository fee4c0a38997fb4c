import { UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/app/UserAvatar';
import { cn } from '../../../lib/utils';
import { EVERYONE, type MentionCandidate } from '../social/mentions';

export const mentionOptionId = (menuId: string, userId: string) => `${menuId}-${userId}`;

/** The `@` list above the composer: the channel's members matching what is typed after `@`. */
export function MentionMenu({
  id,
  candidates,
  activeIndex,
  onPick,
  onHover,
}: {
  id: string;
  candidates: readonly MentionCandidate[];
  activeIndex: number;
  onPick: (candidate: MentionCandidate) => void;
  onHover: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-lg border border-border bg-main shadow-[0_8px_24px_rgb(0_0_0/0.16)] animate-fade-in dark:border-[#26272b] dark:bg-[#2b2d31] dark:shadow-[0_8px_24px_rgb(0_0_0/0.45)]"
      onMouseDown={(event) => event.preventDefault()}
    >
      <div className="flex items-center px-3 pt-3 pb-1.5 text-xs font-bold tracking-wide text-muted-foreground uppercase">
        <span>{t('social.mentions.members')}</span>
        <span className="ml-auto font-normal tracking-normal normal-case max-sm:hidden">
          {t('composer.menu.keyboardHint')}
        </span>
      </div>
      <ul
        id={id}
        role="listbox"
        data-testid="mention-menu"
        aria-label={t('social.mentions.label')}
        tabIndex={0}
        className="scrollbar-thin max-h-[min(40vh,320px)] overflow-y-auto px-2 pb-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {candidates.map((candidate, index) => {
          const active = index === activeIndex;
          const everyone = candidate.userId === EVERYONE;
          return (
            <li
              key={candidate.userId}
              id={mentionOptionId(id, candidate.userId)}
              role="option"
              aria-selected={active}
              data-testid={`mention-option-${candidate.userId}`}
              onClick={() => onPick(candidate)}
              onMouseMove={() => !active && onHover(index)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1 select-none sm:min-h-10',
                active ? 'bg-[#e3e5e8] dark:bg-[#35373c]' : 'hover:bg-[#ebedef] dark:hover:bg-[#313338]',
              )}
            >
              {everyone ? (
                <span
                  aria-hidden
                  className="flex size-6 items-center justify-center rounded-full bg-blurple text-white"
                >
                  <UsersIcon className="size-3.5" />
                </span>
              ) : (
                <span aria-hidden className="flex">
                  <UserAvatar src={candidate.avatar} name={candidate.name} className="size-6" />
                </span>
              )}
              <span className="truncate text-[15px] font-medium text-heading">
                {everyone ? '@everyone' : candidate.name}
              </span>
              {everyone && (
                <span className="ml-auto truncate text-xs text-muted-foreground">
                  {t('social.mentions.everyone')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
