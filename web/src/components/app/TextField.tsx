import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../ui/input';
import { errorId, FormField } from './FormField';

export interface TextFieldProps extends Omit<ComponentProps<typeof Input>, 'id'> {
  /** The input's id; also its test id. */
  id: string;
  label: ReactNode;
  /** The translated error, or null. */
  error: string | null;
  hint?: ReactNode;
}

/** A labelled, required input whose inline error is wired for screen readers. */
export function TextField({ id, label, error, hint, ...inputProps }: TextFieldProps) {
  return (
    <FormField id={id} label={label} required error={error} hint={hint}>
      <Input
        id={id}
        data-testid={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(id) : undefined}
        aria-required
        {...inputProps}
      />
    </FormField>
  );
}
