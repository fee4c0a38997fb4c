import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Toasts in the app's look; `theme` follows the resolved light/dark theme. */
const CLEAR_OF_HEADER = 56;

export function Toaster({ theme, ...props }: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      position="top-center"
      // Below the 48 px channel header, so a toast never hides the channel's name and actions.
      offset={{ top: CLEAR_OF_HEADER }}
      mobileOffset={{ top: CLEAR_OF_HEADER }}
      richColors
      closeButton={false}
      toastOptions={{ className: 'font-sans' }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
        } as CSSProperties
      }
      {...props}
    />
  );
}
