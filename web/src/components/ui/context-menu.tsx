import { ContextMenu as ContextMenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const ContextMenu = ContextMenuPrimitive.Root;
export const ContextMenuTrigger = ContextMenuPrimitive.Trigger;
export const ContextMenuGroup = ContextMenuPrimitive.Group;

export function ContextMenuContent({
  className,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof ContextMenuPrimitive.Content>) {
  return (
    <ContextMenuPrimitive.Portal>
      <ContextMenuPrimitive.Content
        data-slot="context-menu-content"
        collisionPadding={collisionPadding}
        // 11rem on a phone: opened mid-screen, it then always fits on one side of the finger.
        className={cn(
          'z-50 max-h-[var(--radix-context-menu-content-available-height)] min-w-44 sm:min-w-52 overflow-y-auto rounded-lg border border-border bg-popover p-1.5 text-popover-foreground shadow-xl data-[state=open]:animate-fade-in dark:border-transparent',
          className,
        )}
        {...props}
      />
    </ContextMenuPrimitive.Portal>
  );
}

// 44px rows for a finger (a coarse pointer or a phone's width), Discord's compact rows under a mouse.
const itemClass =
  'relative flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm outline-none select-none [@media(pointer:coarse)]:min-h-11 max-sm:min-h-11 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-primary data-[highlighted]:text-primary-foreground [&_svg]:size-4 [&_svg]:shrink-0';

export function ContextMenuItem({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof ContextMenuPrimitive.Item> & { variant?: 'default' | 'destructive' }) {
  return (
    <ContextMenuPrimitive.Item
      data-slot="context-menu-item"
      className={cn(
        itemClass,
        variant === 'destructive' &&
          // Discord's lighter red on the dark menu: #da373c is under 4.5:1 there.
          'text-destructive data-[highlighted]:bg-destructive data-[highlighted]:text-white dark:text-[#fa777c]',
        className,
      )}
      {...props}
    />
  );
}

export function ContextMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof ContextMenuPrimitive.Separator>) {
  return <ContextMenuPrimitive.Separator className={cn('mx-1 my-1 h-px bg-border', className)} {...props} />;
}
