import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

export interface SendCodeButtonProps {
  secondsLeft: number;
  sending: boolean;
  onSend: () => void;
  testId: string;
}

/** 获取验证码, then a 60-second countdown before it can be pressed again. */
export function SendCodeButton({ secondsLeft, sending, onSend, testId }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const waiting = secondsLeft > 0;
  return (
    <Button
      variant="secondary"
      className="h-10 min-w-28 shrink-0"
      disabled={sending || waiting}
      onClick={onSend}
      data-testid={testId}
      aria-live="polite"
    >
      {sending && <Loader2Icon className="animate-spin" aria-hidden />}
      {waiting ? t('login.resendIn', { seconds: secondsLeft }) : t('login.sendCode')}
    </Button>
  );
}
