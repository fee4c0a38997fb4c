import { useTranslation } from 'react-i18next';
import { errorId, FormField } from '../../components/app/FormField';
import { Input } from '../../components/ui/input';
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
export function PasswordFields({ account, password, onAccountChange, onPasswordChange, errors, onForgotPassword }: PasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <FormField id="login-account" label={t('login.account')} required error={errors.account ? t(`login.errors.${errors.account}`) : null}>
        <Input
          id="login-account"
          data-testid="login-account"
          autoComplete="username"
          inputMode="email"
          placeholder={t('login.accountPlaceholder')}
          value={account}
          onChange={(event) => onAccountChange(event.target.value)}
          aria-invalid={errors.account ? true : undefined}
          aria-describedby={errors.account ? errorId('login-account') : undefined}
          aria-required
        />
      </FormField>
      <div className="flex flex-col gap-1">
        <FormField
          id="login-password"
          label={t('login.password')}
          required
          error={errors.password ? t(`login.errors.${errors.password}`) : null}
        >
          <Input
            id="login-password"
            data-testid="login-password"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            value={password}
            onChange={(event) => onPasswordChange(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? errorId('login-password') : undefined}
            aria-required
          />
        </FormField>
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
