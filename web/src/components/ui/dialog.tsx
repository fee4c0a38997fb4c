import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, type ComponentProps, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn('fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in', className)}
      {...props}
    />
  );
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Width in px (e.g. 460, 520, 1100); never wider than 90% of the viewport. */
  width?: number;
  /** Shows the close (×) button in the corner. */
  showClose?: boolean;
}

type AutoFocusHandler = (event: Event) => void;

/**
 * The last elements that had focus: the opener of a dialog is the latest one outside it (a field
 * with `autoFocus` inside takes focus before the dialog's open handler runs, if it runs at all).
 */
const recentFocus: HTMLElement[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof HTMLElement)) return;
      recentFocus.push(event.target);
      if (recentFocus.length > 16) recentFocus.shift();
    },
    true,
  );
}

function openerOutside(dialog: EventTarget | null): HTMLElement | null {
  for (let i = recentFocus.length - 1; i >= 0; i--) {
    const element = recentFocus[i]!;
    if (
      element.isConnected &&
      element !== document.body &&
      !(dialog instanceof Node && dialog.contains(element))
    )
      return element;
  }
  return null;
}

/**
 * Most of our dialogs open from state, not from a Radix trigger, so Radix has nowhere to put focus
 * back on close: these handlers remember what had focus when the dialog opened and return there
 * (unless it is gone, e.g. a menu item; then Radix decides).
 */
export function useReturnFocus(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOutside(event.currentTarget);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      // Radix skips the open handler when a field took focus by itself (autoFocus): look then.
      const back = opener.current ?? openerOutside(event.currentTarget);
      opener.current = null;
      if (event.defaultPrevented || !back?.isConnected) return;
      event.preventDefault();
      back.focus();
    },
  };
}

export function DialogContent({
  className,
  children,
  width = 440,
  showClose = true,
  style,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const { t } = useTranslation();
  const focusHandlers = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  const sizing: CSSProperties = { width: `${width}px`, maxWidth: '90vw', ...style };
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        style={sizing}
        {...focusHandlers}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg bg-background text-foreground shadow-2xl outline-none data-[state=open]:animate-zoom-in',
          className,
        )}
        {...props}
      >
        {children}
        {showClose && (
          <DialogPrimitive.Close
            className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={t('common.close')}
          >
            <XIcon className="size-6" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-1.5 px-4 pt-5 pb-3 pr-12', className)}
      {...props}
    />
  );
}

export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-body"
      className={cn('scrollbar-thin min-h-0 flex-1 overflow-y-auto px-4 pb-4', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn(
        'flex flex-col-reverse gap-2 bg-muted px-4 py-4 sm:flex-row sm:justify-end dark:bg-card',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-xl font-semibold text-heading', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
