import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/app/AuthLayout';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';

type View = { name: 'login'; account: string } | { name: 'forgot' };

/** /login: sign in with a password or a phone code, or reset the password. */
export function LoginPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ name: 'login', account: '' });
  const forgot = view.name === 'forgot';

  return (
    <AuthLayout>
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-semibold text-heading">
          {forgot ? t('login.forgotTitle') : t('login.welcome')}
        </h1>
        <p className="mt-2 text-base text-muted-foreground">
          {forgot ? t('login.forgotSubtitle') : t('login.subtitle')}
        </p>
      </div>
      {view.name === 'forgot' ? (
        <ForgotPasswordForm onDone={(phone) => setView({ name: 'login', account: phone ?? '' })} />
      ) : (
        <LoginForm
          key={view.account}
          initialAccount={view.account}
          onForgotPassword={() => setView({ name: 'forgot' })}
        />
      )}
    </AuthLayout>
  );
}
