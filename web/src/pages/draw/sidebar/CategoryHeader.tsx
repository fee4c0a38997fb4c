import { ChevronDownIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';

export interface CategoryHeaderProps {
  title: string;
  /** When given, the title is a toggle (collapsible category). */
  expanded?: boolean;
  onToggle?: () => void;
  controlsId?: string;
  /** Buttons on the right, e.g. add channel. */
  actions?: ReactNode;
}

/** A Discord channel category title: small, upper-case, with a chevron when collapsible. */
export function CategoryHeader({
  title,
  expanded = true,
  onToggle,
  controlsId,
  actions,
}: CategoryHeaderProps) {
  const titleClass = 'flex min-w-0 flex-1 items-center gap-0.5 text-xs font-semibold tracking-wide uppercase';
  return (
    <div className="group flex h-6 items-center gap-1 pr-2 pl-0.5 text-sidebar-foreground max-sm:h-11 max-sm:pr-0">
      {onToggle ? (
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={controlsId}
          className={cn(
            titleClass,
            'rounded text-left outline-none hover:text-heading max-sm:self-stretch focus-visible:ring-2 focus-visible:ring-ring',
          )}
        >
          <ChevronDownIcon
            className={cn('size-3 shrink-0 transition-transform', !expanded && '-rotate-90')}
            aria-hidden
            strokeWidth={3}
          />
          <span className="truncate">{title}</span>
        </button>
      ) : (
        <h2 className={cn(titleClass, 'pl-1')}>
          <span className="truncate">{title}</span>
        </h2>
      )}
      {actions}
    </div>
  );
}
