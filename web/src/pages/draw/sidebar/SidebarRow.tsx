import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';

export interface SidebarRowProps {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  selected?: boolean;
  testId?: string;
  /** Extra controls shown on the right (e.g. the selected channel's actions). */
  trailing?: ReactNode;
}

/** One row of the channel sidebar (channel or entry), Discord-style. */
export function SidebarRow({ icon, label, onClick, selected = false, testId, trailing }: SidebarRowProps) {
  return (
    <div
      data-testid={testId}
      data-selected={selected || undefined}
      className={cn(
        'group/row relative flex h-8 items-center rounded-md transition-colors',
        selected ? 'bg-sidebar-active text-heading' : 'text-sidebar-foreground hover:bg-sidebar-hover hover:text-foreground',
      )}
    >
      <button
        type="button"
        onClick={onClick}
        aria-current={selected ? 'page' : undefined}
        className="flex h-full min-w-0 flex-1 items-center gap-1.5 rounded-md px-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:opacity-70"
      >
        {icon}
        <span className={cn('truncate text-[15px] font-medium', selected && 'font-semibold')}>{label}</span>
      </button>
      {trailing && <div className="flex shrink-0 items-center gap-0.5 pr-1.5">{trailing}</div>}
    </div>
  );
}
