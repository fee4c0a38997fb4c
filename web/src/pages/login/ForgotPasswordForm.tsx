import type { ResetPasswordRequest } from '@draw/shared';
import { ArrowLeftIcon, Loader2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, FormField } from '../../components/app/FormField';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';
import { CodeFields } from './CodeFields';
import { useSendCode } from './useSendCode';
import { validateCode, validateNewPassword, validatePhone, type LoginFieldError } from './validation';

type Errors = Partial<Record<'phone' | 'code' | 'password', LoginFieldError | null>>;

export interface ForgotPasswordFormProps {
  /** Back to sign-in; after a reset, with the phone to prefill. */
  onDone: (phone?: string) => void;
}

/** Phone, code and new password → POST /api/login/forget-reset-pwd. */
export function ForgotPasswordForm({ onDone }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const sendCode = useSendCode();

  const clearError = (field: keyof Errors) => setErrors((current) => ({ ...current, [field]: null }));

  async function onSendCode() {
    const phoneError = validatePhone(phone);
    setErrors((current) => ({ ...current, phone: phoneError }));
    if (!phoneError) await sendCode.send(phone);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = { phone: validatePhone(phone), code: validateCode(code), password: validateNewPassword(password) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const body: ResetPasswordRequest = { phone: phone.trim(), code: code.trim(), password };
    setSubmitting(true);
    try {
      await http.post<null>('/api/login/forget-reset-pwd', body);
      notify.success(t('login.resetSuccess'));
      onDone(phone.trim());
    } catch {
      // The HTTP client has already shown the server's message.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('login.forgotTitle')}>
      <CodeFields
        idPrefix="forgot"
        phone={phone}
        code={code}
        onPhoneChange={(value) => {
          setPhone(value);
          clearError('phone');
        }}
        onCodeChange={(value) => {
          setCode(value);
          clearError('code');
        }}
        errors={errors}
        onSendCode={() => void onSendCode()}
        sending={sendCode.sending}
        secondsLeft={sendCode.secondsLeft}
        devCode={sendCode.devCode}
      />
      <FormField
        id="forgot-password"
        label={t('login.newPassword')}
        required
        error={errors.password ? t(`login.errors.${errors.password}`) : null}
        hint={t('login.newPasswordHint')}
      >
        <Input
          id="forgot-password"
          data-testid="forgot-password"
          type="password"
          autoComplete="new-password"
          placeholder={t('login.newPasswordPlaceholder')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clearError('password');
          }}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? errorId('forgot-password') : undefined}
          aria-required
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={submitting} data-testid="forgot-submit">
        {submitting && <Loader2Icon className="animate-spin" aria-hidden />}
        {t('login.resetSubmit')}
      </Button>
      <Button variant="link" className="self-center" onClick={() => onDone()} data-testid="forgot-back">
        <ArrowLeftIcon aria-hidden />
        {t('login.backToLogin')}
      </Button>
    </form>
  );
}
