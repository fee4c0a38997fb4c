import { Limits, type SendCodeAnswer } from '@draw/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../hooks/useCountdown';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** Sends a login code to a phone (GET /api/login/send-login-code) and counts down to the next send. */
export function useSendCode() {
  const { t } = useTranslation();
  const { seconds, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [devCode, setDevCode] = useState<string | null>(null);

  async function send(phone: string): Promise<boolean> {
    if (sending || seconds > 0) return false;
    setSending(true);
    try {
      const answer = await http.get<SendCodeAnswer>('/api/login/send-login-code', { params: { phone: phone.trim() } });
      if (!answer || typeof answer !== 'object' || !('resendAfter' in answer)) {
        notify.error(t('http.requestFailed'));
        return false;
      }
      start(Limits.smsCodeResendSeconds);
      setDevCode(answer.devCode ?? null);
      notify.success(t('login.codeSent'));
      return true;
    } catch {
      return false; // the HTTP client has shown the error
    } finally {
      setSending(false);
    }
  }

  return { send, sending, secondsLeft: seconds, devCode };
}
