import type { ReactNode } from 'react';
import { Label } from '../ui/label';

export interface FormFieldProps {
  /** The id of the control the label names. */
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Shown next to the label in red; link it to the control with `aria-describedby={errorId(id)}`. */
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}

export const errorId = (id: string) => `${id}-error`;

/** A labelled control with a Discord-style inline error beside the label. */
export function FormField({ id, label, required, error, hint, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-4 flex-wrap items-baseline gap-x-1">
        <Label htmlFor={id} className={error ? 'text-destructive dark:text-[#fa777c]' : undefined}>
          {label}
        </Label>
        {required && (
          <span className="text-xs font-bold text-destructive dark:text-[#fa777c]" aria-hidden>
            *
          </span>
        )}
        {error && (
          <span
            id={errorId(id)}
            role="alert"
            className="text-xs font-medium text-destructive italic dark:text-[#fa777c]"
          >
            <span aria-hidden>- </span>
            {error}
          </span>
        )}
      </div>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}
