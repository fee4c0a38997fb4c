import { Limits } from '@draw/shared';
import type { CountryCode } from 'libphonenumber-js';
import { MailIcon, SmartphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorId, FormField } from '../../components/app/FormField';
import { TextField } from '../../components/app/TextField';
import { Input } from '../../components/ui/input';
import { DevCodeBanner } from './DevCodeBanner';
import { PhoneField } from './PhoneField';
import { SendCodeButton } from './SendCodeButton';
import { CodeChannel } from './usePhoneCode';
import type { LoginFieldError } from './validation';

export interface CodeFieldsProps {
  /** Prefix of the ids and test ids: `login` gives login-phone, login-email, login-code, login-send-code, login-dev-code. */
  idPrefix: string;
  channel: CodeChannel;
  /** Offers the phone/email switch; without it only the phone is asked for (password reset). */
  onChannelChange?: (channel: CodeChannel) => void;
  country: CountryCode;
  phone: string;
  email: string;
  code: string;
  onCountryChange: (country: CountryCode) => void;
  onPhoneChange: (value: string) => void;
  onEmailChange: (value: string) => void;
  onCodeChange: (value: string) => void;
  errors: { phone?: LoginFieldError | null; email?: LoginFieldError | null; code?: LoginFieldError | null };
  onSendCode: () => void;
  sending: boolean;
  secondsLeft: number;
  devCode: string | null;
  hint?: string;
}

/** Phone or email, and the 6-digit code with a send button (the code login and the reset-password flow). */
export function CodeFields(props: CodeFieldsProps) {
  const { idPrefix, channel, code, errors, devCode } = props;
  const { t } = useTranslation();
  const codeId = `${idPrefix}-code`;
  const errorText = (error: LoginFieldError | null | undefined) =>
    error ? t(`login.errors.${error}`) : null;
  return (
    <div className="flex flex-col gap-5">
      {props.onChannelChange && (
        <ChannelSwitch idPrefix={idPrefix} channel={channel} onChange={props.onChannelChange} />
      )}
      {channel === CodeChannel.Email ? (
        <TextField
          id={`${idPrefix}-email`}
          label={t('login.email')}
          error={errorText(errors.email)}
          hint={props.hint}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          value={props.email}
          onChange={(event) => props.onEmailChange(event.target.value)}
        />
      ) : (
        <PhoneField
          id={`${idPrefix}-phone`}
          country={props.country}
          phone={props.phone}
          onCountryChange={props.onCountryChange}
          onPhoneChange={props.onPhoneChange}
          error={errorText(errors.phone)}
          hint={props.hint}
        />
      )}
      <FormField id={codeId} label={t('login.code')} required error={errorText(errors.code)}>
        <div className="flex gap-2">
          <Input
            id={codeId}
            data-testid={codeId}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={Limits.smsCodeLength}
            placeholder={t('login.codePlaceholder')}
            value={code}
            onChange={(event) => props.onCodeChange(event.target.value.replace(/\D/g, ''))}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? errorId(codeId) : undefined}
            aria-required
          />
          <SendCodeButton
            testId={`${idPrefix}-send-code`}
            secondsLeft={props.secondsLeft}
            sending={props.sending}
            onSend={props.onSendCode}
          />
        </div>
      </FormField>
      {devCode && (
        <DevCodeBanner testId={`${idPrefix}-dev-code`} code={devCode} onFill={props.onCodeChange} />
      )}
    </div>
  );
}

/** Phone or email: two radio buttons drawn as a segmented control. */
function ChannelSwitch({
  idPrefix,
  channel,
  onChange,
}: {
  idPrefix: string;
  channel: CodeChannel;
  onChange: (channel: CodeChannel) => void;
}) {
  const { t } = useTranslation();
  const choices = [
    { value: CodeChannel.Phone, label: t('login.byPhone'), Icon: SmartphoneIcon },
    { value: CodeChannel.Email, label: t('login.byEmail'), Icon: MailIcon },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-xs font-bold tracking-wide text-muted-foreground uppercase">
        {t('login.sendCodeTo')}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {choices.map(({ value, label, Icon }) => (
          <label
            key={value}
            data-testid={`${idPrefix}-by-${value}`}
            className="flex h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-border text-sm font-medium text-muted-foreground transition-colors has-checked:border-primary has-checked:bg-primary/10 has-checked:text-heading has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input
              type="radio"
              name={`${idPrefix}-channel`}
              value={value}
              checked={channel === value}
              onChange={() => onChange(value)}
              className="sr-only"
            />
            <Icon className="size-4" aria-hidden />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
