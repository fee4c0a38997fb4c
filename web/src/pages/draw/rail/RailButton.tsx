import type { ReactNode } from 'react';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';

export interface RailButtonProps {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
  /** Accent of the icon background on hover/active. */
  tone?: 'blurple' | 'green';
}

/** A Discord-style server icon: a circle that becomes a rounded square, with a pill on its left. */
export function RailButton({
  label,
  active = false,
  onClick,
  children,
  testId,
  tone = 'blurple',
}: RailButtonProps) {
  return (
    <div className="group relative flex w-full justify-center">
      <span
        aria-hidden
        className={cn(
          'absolute top-1/2 left-0 w-1 -translate-y-1/2 rounded-r-full bg-heading transition-all duration-200',
          active ? 'h-10' : 'h-0 group-hover:h-5',
        )}
      />
      <Tooltip content={label} side="right">
        <button
          type="button"
          aria-label={label}
          aria-current={active ? 'page' : undefined}
          data-testid={testId}
          onClick={onClick}
          className={cn(
            'flex size-12 items-center justify-center overflow-hidden transition-all duration-200 outline-none focus-visible:ring-2 focus-visible:ring-ring',
            active
              ? 'rounded-2xl text-white'
              : 'rounded-3xl bg-rail-icon text-foreground hover:rounded-2xl hover:text-white',
            tone === 'blurple' && (active ? 'bg-primary' : 'hover:bg-primary'),
            tone === 'green' && (active ? 'bg-success' : 'text-success hover:bg-success'),
          )}
        >
          {children}
        </button>
      </Tooltip>
    </div>
  );
}
