import { Limits } from '@draw/shared';
import { useTranslation } from 'react-i18next';
import { errorId, FormField } from '../../components/app/FormField';
import { TextField } from '../../components/app/TextField';
import { Input } from '../../components/ui/input';
import { DevCodeBanner } from './DevCodeBanner';
import { SendCodeButton } from './SendCodeButton';
import type { LoginFieldError } from './validation';

export interface CodeFieldsProps {
  /** Prefix of the ids and test ids: `login` gives login-phone, login-code, login-send-code, login-dev-code. */
  idPrefix: string;
  phone: string;
  code: string;
  onPhoneChange: (value: string) => void;
  onCodeChange: (value: string) => void;
  errors: { phone?: LoginFieldError | null; code?: LoginFieldError | null };
  onSendCode: () => void;
  sending: boolean;
  secondsLeft: number;
  devCode: string | null;
  hint?: string;
}

/** Phone and 6-digit code with a send button (used by 验证码登录 and the reset-password flow). */
export function CodeFields(props: CodeFieldsProps) {
  const { idPrefix, phone, code, errors, devCode } = props;
  const { t } = useTranslation();
  const phoneId = `${idPrefix}-phone`;
  const codeId = `${idPrefix}-code`;
  return (
    <div className="flex flex-col gap-5">
      <TextField
        id={phoneId}
        label={t('login.phone')}
        error={errors.phone ? t(`login.errors.${errors.phone}`) : null}
        hint={props.hint}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder={t('login.phonePlaceholder')}
        value={phone}
        onChange={(event) => props.onPhoneChange(event.target.value)}
      />
      <FormField
        id={codeId}
        label={t('login.code')}
        required
        error={errors.code ? t(`login.errors.${errors.code}`) : null}
      >
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
