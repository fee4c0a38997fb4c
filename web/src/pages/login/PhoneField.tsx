import type { CountryCode } from 'libphonenumber-js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, FormField } from '../../components/app/FormField';
import { Input } from '../../components/ui/input';
import { countryOptions } from './phone';

export interface PhoneFieldProps {
  /** The number input's id (and test id); the picker's is `<id>-country`. */
  id: string;
  country: CountryCode;
  phone: string;
  onCountryChange: (country: CountryCode) => void;
  onPhoneChange: (value: string) => void;
  error: string | null;
  hint?: string;
}

/** A country code picker (China by default) beside the number; a number typed with `+44…` wins over it. */
export function PhoneField({
  id,
  country,
  phone,
  onCountryChange,
  onPhoneChange,
  error,
  hint,
}: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const describedBy = error ? errorId(id) : undefined;
  return (
    <FormField id={id} label={t('login.phone')} required error={error} hint={hint}>
      <div className="flex gap-2">
        <select
          id={`${id}-country`}
          data-testid={`${id}-country`}
          aria-label={t('login.countryCode')}
          value={country}
          onChange={(event) => onCountryChange(event.target.value as CountryCode)}
          className="h-10 w-32 shrink-0 truncate rounded-lg border border-transparent bg-input px-2 text-base text-foreground outline-none focus-visible:border-ring/60 focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm"
        >
          {options.map((option) => (
            <option key={option.country} value={option.country}>
              {option.label}
            </option>
          ))}
        </select>
        <Input
          id={id}
          data-testid={id}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={t('login.phonePlaceholder')}
          value={phone}
          onChange={(event) => onPhoneChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required
        />
      </div>
    </FormField>
  );
}
