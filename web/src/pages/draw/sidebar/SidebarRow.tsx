import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { badgeText } from '../../../stores/unread';

export interface SidebarRowProps {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  selected?: boolean;
  testId?: string;
  /** Extra controls shown on the right (e.g. the selected channel's actions). */
  trailing?: ReactNode;
  /** Unread messages: the row turns bold and white, with Discord's left pill and a grey dot. */
  unread?: number;
  /** Of those (or own results that ended), the ones that ping the person: Discord's red count. */
  mentions?: number;
}

/** One row of the channel sidebar (channel or entry), Discord-style. */
export function SidebarRow({
  icon,
  label,
  onClick,
  selected = false,
  testId,
  trailing,
  unread = 0,
  mentions = 0,
}: SidebarRowProps) {
  const { t } = useTranslation();
  const isUnread = (unread > 0 || mentions > 0) && !selected;
  const pinged = mentions > 0 && !selected;
  return (
    <div
      data-testid={testId}
      data-selected={selected || undefined}
      data-unread={isUnread ? unread : undefined}
      data-mentions={pinged ? mentions : undefined}
      className={cn(
        'group/row relative flex h-8 items-center rounded-md transition-colors max-sm:h-11',
        selected
          ? 'bg-sidebar-active text-heading'
          : isUnread
            ? 'text-heading hover:bg-sidebar-hover'
            : 'text-sidebar-foreground hover:bg-sidebar-hover hover:text-foreground',
      )}
    >
      {isUnread && (
        <span
          aria-hidden
          data-testid="unread-pill"
          className="absolute top-1/2 -left-2 h-2 w-1 -translate-y-1/2 rounded-r-full bg-heading"
        />
      )}
      <button
        type="button"
        onClick={onClick}
        aria-current={selected ? 'page' : undefined}
        className="flex h-full min-w-0 flex-1 items-center gap-1.5 rounded-md px-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:opacity-70"
      >
        {icon}
        <span className={cn('truncate text-[15px] font-medium', (selected || isUnread) && 'font-semibold')}>
          {label}
        </span>
        {pinged ? (
          <>
            {' '}
            <span
              data-testid="mention-badge"
              className="ml-auto flex h-4 min-w-4 shrink-0 items-center justify-center rounded-full bg-[#da373c] px-1 text-[11px] leading-none font-bold text-white"
            >
              {badgeText(mentions)}
            </span>{' '}
            <span className="sr-only">{t('social.mentions.badge')}</span>
          </>
        ) : (
          isUnread && (
            <>
              <span
                aria-hidden
                data-testid="unread-badge"
                className="ml-auto size-2 shrink-0 rounded-full bg-[#80848e] dark:bg-[#949ba4]"
              />{' '}
              <span className="sr-only">
                {badgeText(unread)} {t('unread.messages')}
              </span>
            </>
          )
        )}
      </button>
      {trailing && (
        <div className="flex shrink-0 items-center gap-0.5 pr-1.5 max-sm:gap-0 max-sm:pr-0">{trailing}</div>
      )}
    </div>
  );
}
