import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Toasts in the app's look; `theme` follows the resolved light/dark theme. */
const CLEAR_OF_HEADER = 56;

/**
 * Sonner's light rich colours put 13 px text at 4.3:1 on its tinted backgrounds (error #e60000 on
 * #fff0f0, success and info alike): darker shades of the same hues reach 5.7–6.4:1 (WCAG AA 4.5).
 * Its dark ones already pass.
 */
const LIGHT_RICH_TEXT = {
  '--success-text': '#006b24',
  '--info-text': '#005bb5',
  '--warning-text': '#9a4f00',
  '--error-text': '#c20000',
};

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
          ...(theme === 'light' ? LIGHT_RICH_TEXT : {}),
        } as CSSProperties
      }
      {...props}
    />
  );
}
