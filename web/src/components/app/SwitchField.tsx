import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Switch } from '../ui/switch';

/** A setting that is on or off: its name with an icon, a line saying what it does, and the switch. */
export function SwitchField({
  icon: Icon,
  label,
  hint,
  testId,
  checked,
  disabled,
  onCheckedChange,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  testId: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span id={labelId} className="flex items-center gap-1.5 text-base font-medium text-heading">
          <Icon className="size-4 text-muted-foreground" aria-hidden />
          {label}
        </span>
        <span id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </span>
      </div>
      <Switch
        data-testid={testId}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className="mt-0.5"
      />
    </div>
  );
}
