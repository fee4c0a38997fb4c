import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** Discord-style form label: small, bold, upper-case in Latin scripts. */
export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'flex items-center gap-1 text-xs font-bold tracking-wide text-muted-foreground uppercase select-none',
        className,
      )}
      {...props}
    />
  );
}
