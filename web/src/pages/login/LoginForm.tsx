import { LoginType, type LoginRequest } from '@draw/shared';
import { api } from '../../lib/api';
import { KeyRoundIcon, Loader2Icon, UserPlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { completeLogin } from '../../lib/account';
import { call } from '../../lib/http';
import { safeRedirect } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { ServerErrorLine, useServerError } from './ServerError';
import { AgreementField } from './AgreementField';
import { CodeFields } from './CodeFields';
import { PasswordFields } from './PasswordFields';
import { usePhoneCode } from './usePhoneCode';
import { validateAccount, validateCode, validateLoginPassword, type LoginFieldError } from './validation';

type Errors = Partial<Record<'account' | 'password' | 'phone' | 'email' | 'code', LoginFieldError | null>>;

export interface LoginFormProps {
  /** Prefills the account (e.g. after a password reset). */
  initialAccount?: string;
  /** The tab shown first: sign-up by code for a newcomer, the password for someone returning. */
  initialMethod: LoginType;
  /** Tells the page which tab is shown, so its heading says what the form does. */
  onMethodChange: (method: LoginType) => void;
  onForgotPassword: () => void;
}

/**
 * 注册 / 验证码登录 (a code by text or mail: a first one creates the account) and 密码登录, with
 * the agreement checkbox; on success goes to `redirect` (default /draw).
 */
export function LoginForm({
  initialAccount = '',
  initialMethod,
  onMethodChange,
  onForgotPassword,
}: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [method, setMethod] = useState<LoginType>(initialMethod);
  const [account, setAccount] = useState(initialAccount);
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [showAgreeError, setShowAgreeError] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const serverError = useServerError();
  const phoneCode = usePhoneCode(setErrors);
  const { code } = phoneCode;
  const byCode = method === LoginType.Captcha;

  const clearError = (field: keyof Errors) => {
    serverError.clear();
    setErrors((current) => ({ ...current, [field]: null }));
  };

  function validate(): Errors {
    if (method === LoginType.Password)
      return { account: validateAccount(account), password: validateLoginPassword(password) };
    return { ...phoneCode.validateAddress(), code: validateCode(code) };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setShowAgreeError(!agreed);
    if (Object.values(found).some(Boolean) || !agreed) return;

    const body: LoginRequest =
      method === LoginType.Password
        ? { loginType: LoginType.Password, account: account.trim(), password }
        : { loginType: LoginType.Captcha, account: phoneCode.account, code: code.trim() };
    setSubmitting(true);
    serverError.clear();
    try {
      completeLogin(await call(api.login.login, { body }));
      notify.success(t('login.success'));
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
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
      aria-label={t('login.formLabel')}
    >
      <Tabs
        value={method}
        onValueChange={(value) => {
          setMethod(value as LoginType);
          onMethodChange(value as LoginType);
          serverError.clear();
        }}
        className="flex flex-col gap-5"
      >
        <TabsList className="w-full">
          <TabsTrigger value={LoginType.Captcha} data-testid="login-tab-code">
            <UserPlusIcon className="size-4" aria-hidden />
            {t('login.tabCode')}
          </TabsTrigger>
          <TabsTrigger value={LoginType.Password} data-testid="login-tab-password">
            <KeyRoundIcon className="size-4" aria-hidden />
            {t('login.tabPassword')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value={LoginType.Password}>
          <PasswordFields
            account={account}
            password={password}
            onAccountChange={(value) => {
              setAccount(value);
              clearError('account');
            }}
            onPasswordChange={(value) => {
              setPassword(value);
              clearError('password');
            }}
            errors={errors}
            onForgotPassword={onForgotPassword}
          />
        </TabsContent>
        <TabsContent value={LoginType.Captcha}>
          <CodeFields
            idPrefix="login"
            {...phoneCode.fieldProps(errors, clearError)}
            onChannelChange={(channel) => {
              phoneCode.setChannel(channel);
              serverError.clear();
            }}
            hint={t('login.codeHint')}
          />
        </TabsContent>
      </Tabs>

      <ServerErrorLine message={serverError.message} testId="login-server-error" />
      <Button type="submit" size="lg" className="w-full" disabled={submitting} data-testid="login-submit">
        {submitting && <Loader2Icon className="animate-spin" aria-hidden />}
        {submitting ? t('login.submitting') : byCode ? t('login.submitCode') : t('login.submit')}
      </Button>

      <AgreementField
        checked={agreed}
        onCheckedChange={(value) => {
          setAgreed(value);
          if (value) setShowAgreeError(false);
        }}
        showError={showAgreeError}
      />
    </form>
  );
}
