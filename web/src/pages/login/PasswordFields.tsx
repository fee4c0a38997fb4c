import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/app/TextField';
import type { LoginFieldError } from './validation';

export interface PasswordFieldsProps {
  account: string;
  password: string;
  onAccountChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  errors: { account?: LoginFieldError | null; password?: LoginFieldError | null };
  onForgotPassword: () => void;
}

/** 密码登录: phone or email, and password. */
export function PasswordFields({
  account,
  password,
  onAccountChange,
  onPasswordChange,
  errors,
  onForgotPassword,
}: PasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <TextField
        id="login-account"
        label={t('login.account')}
        error={errors.account ? t(`login.errors.${errors.account}`) : null}
        autoComplete="username"
        inputMode="email"
        placeholder={t('login.accountPlaceholder')}
        value={account}
        onChange={(event) => onAccountChange(event.target.value)}
      />
      <div className="flex flex-col gap-1">
        <TextField
          id="login-password"
          label={t('login.password')}
          error={errors.password ? t(`login.errors.${errors.password}`) : null}
          type="password"
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        <button
          type="button"
          data-testid="login-forgot"
          onClick={onForgotPassword}
          className="self-start rounded text-sm font-medium text-[#006ce7] hover:underline dark:text-[#00a8fc]"
        >
          {t('login.forgot')}
        </button>
      </div>
    </div>
  );
}
