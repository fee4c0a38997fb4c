import { LoginType } from '@draw/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/app/AuthLayout';
import { hasSignedInBefore } from '../../lib/account';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';

type View = { name: 'login'; account: string } | { name: 'forgot' };

/**
 * /login. A newcomer (nobody has signed in in this browser) lands on sign-up: a code by text or
 * mail, whose first use creates the account; someone returning lands on the password. Either
 * tab is one click away, and the heading says which the form does.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ name: 'login', account: '' });
  const [returning] = useState(hasSignedInBefore);
  const [method, setMethod] = useState<LoginType>(returning ? LoginType.Password : LoginType.Captcha);
  const forgot = view.name === 'forgot';
  const signUp = !returning && method === LoginType.Captcha;
  const title = forgot ? t('login.forgotTitle') : signUp ? t('login.welcomeNew') : t('login.welcome');
  const subtitle = forgot ? t('login.forgotSubtitle') : signUp ? t('login.subtitleNew') : t('login.subtitle');

  return (
    <AuthLayout>
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-semibold text-heading">{title}</h1>
        <p className="mt-2 text-base text-muted-foreground">{subtitle}</p>
      </div>
      {view.name === 'forgot' ? (
        <ForgotPasswordForm
          onDone={(phone) => {
            if (phone) setMethod(LoginType.Password);
            setView({ name: 'login', account: phone ?? '' });
          }}
        />
      ) : (
        <LoginForm
          key={view.account}
          initialAccount={view.account}
          initialMethod={view.account ? LoginType.Password : method}
          onMethodChange={setMethod}
          onForgotPassword={() => setView({ name: 'forgot' })}
        />
      )}
    </AuthLayout>
  );
}
