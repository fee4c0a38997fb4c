import { useId, type ComponentProps } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useAdminT } from '../i18n/strings';

const ALL = '__all__';

interface SelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  testId?: string;
}

/** A labelled filter over a closed set; '' is 全部. */
export function FilterSelect({ value, options, onChange, ...rest }: SelectProps) {
  const t = useAdminT();
  return (
    <LabelledSelect
      {...rest}
      value={value || ALL}
      options={[{ value: ALL, label: t('common.all') }, ...options]}
      onChange={(next) => onChange(next === ALL ? '' : next)}
    />
  );
}

/** A labelled choice of a form: one of the options, no 全部. */
export function LabelledSelect({ label, value, options, onChange, testId }: SelectProps) {
  const id = useId();
  return (
    <div className="flex min-w-36 flex-col gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="h-9" data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** A labelled input for a filter or a short form. */
export function LabelledInput({
  label,
  className,
  ...props
}: { label: string } & Omit<ComponentProps<typeof Input>, 'id'>) {
  const id = useId();
  return (
    <div className={className ?? 'flex min-w-36 flex-col gap-1'}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input id={id} className="h-9" {...props} />
    </div>
  );
}
