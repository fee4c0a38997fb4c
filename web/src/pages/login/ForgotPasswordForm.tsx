import type { ResetPasswordRequest } from '@draw/shared';
import { api } from '../../lib/api';
import { ArrowLeftIcon, Loader2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/app/TextField';
import { Button } from '../../components/ui/button';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { ServerErrorLine, useServerError } from './ServerError';
import { CodeFields } from './CodeFields';
import { usePhoneCode } from './usePhoneCode';
import { validateCode, validateNewPassword, type LoginFieldError } from './validation';

type Errors = Partial<Record<'phone' | 'email' | 'code' | 'password', LoginFieldError | null>>;

export interface ForgotPasswordFormProps {
  /** Back to sign-in; after a reset, with the phone to prefill. */
  onDone: (phone?: string) => void;
}

/** Phone, code and new password → POST /api/login/forget-reset-pwd. */
export function ForgotPasswordForm({ onDone }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const serverError = useServerError();
  const phoneCode = usePhoneCode(setErrors);
  const { code } = phoneCode;

  const clearError = (field: keyof Errors) => {
    serverError.clear();
    setErrors((current) => ({ ...current, [field]: null }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      ...phoneCode.validateAddress(),
      code: validateCode(code),
      password: validateNewPassword(password),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const body: ResetPasswordRequest = { phone: phoneCode.account, code: code.trim(), password };
    setSubmitting(true);
    serverError.clear();
    try {
      await call(api.login.resetPassword, { body });
      notify.success(t('login.resetSuccess'));
      onDone(phoneCode.account);
    } catch (error) {
      serverError.fromError(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('login.forgotTitle')}
    >
      <CodeFields idPrefix="forgot" {...phoneCode.fieldProps(errors, clearError)} />
      <TextField
        id="forgot-password"
        label={t('login.newPassword')}
        error={errors.password ? t(`login.errors.${errors.password}`) : null}
        hint={t('login.newPasswordHint')}
        type="password"
        autoComplete="new-password"
        placeholder={t('login.newPasswordPlaceholder')}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          clearError('password');
        }}
      />
      <ServerErrorLine message={serverError.message} testId="forgot-server-error" />
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
