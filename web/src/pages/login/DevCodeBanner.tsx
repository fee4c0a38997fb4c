import { FlaskConicalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** Development only: the server returned the code (console SMS sender), so show it. */
export function DevCodeBanner({
  code,
  onFill,
  testId,
}: {
  code: string;
  onFill: (code: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid={testId}
      role="status"
      className="flex items-center gap-3 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm text-foreground"
    >
      <FlaskConicalIcon className="size-4 shrink-0 text-warning" aria-hidden />
      <p className="min-w-0 flex-1">
        {t('login.devCodeLabel')}{' '}
        <code className="rounded bg-foreground/10 px-1.5 py-0.5 font-mono font-semibold tracking-widest">
          {code}
        </code>
      </p>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onFill(code)}
        aria-label={t('login.fillCodeLabel')}
      >
        {t('login.fillCode')}
      </Button>
    </div>
  );
}
