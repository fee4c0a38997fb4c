import { Limits } from '@draw/shared';
import { api } from '../../lib/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../hooks/useCountdown';
import { call, HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';

/** Sends a login code to a phone or an email (GET /api/login/send-login-code) and counts down to the next send. */
export function useSendCode() {
  const { t } = useTranslation();
  const { seconds, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [devCode, setDevCode] = useState<string | null>(null);

  async function send(to: { phone: string } | { email: string }): Promise<boolean> {
    if (sending || seconds > 0) return false;
    setSending(true);
    try {
      const answer = await call(api.login.sendLoginCode, { query: to });
      start(Limits.smsCodeResendSeconds);
      setDevCode(answer.devCode ?? null);
      notify.success(t('login.codeSent'));
      return true;
    } catch (error) {
      // The HTTP client has shown its refusals; spec §8's 404/500 comes back unshown.
      if (error instanceof HttpError && !error.shown) notify.error(error.message);
      return false;
    } finally {
      setSending(false);
    }
  }

  return { send, sending, secondsLeft: seconds, devCode };
}
