import { GiftIcon, LoaderCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

export interface RedeemCardProps {
  busy: boolean;
  disabled: boolean;
  onRedeem: (code: string) => Promise<boolean>;
}

/** A redeem code in, credits or a plan out. */
export function RedeemCard({ busy, disabled, onRedeem }: RedeemCardProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onRedeem(code)) setCode('');
  }

  return (
    <section className="rounded-xl border border-border bg-card p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-heading">
        <GiftIcon className="size-4 text-[#eb459e]" aria-hidden />
        {t('billing.redeem.title')}
      </h3>
      <p className="mt-1 text-xs text-muted-foreground">{t('billing.redeem.hint')}</p>
      <form className="mt-3 flex gap-2" onSubmit={(event) => void submit(event)}>
        <Input
          data-testid="redeem-input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={t('billing.redeem.placeholder')}
          aria-label={t('billing.redeem.title')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          className="font-mono uppercase placeholder:normal-case"
        />
        <Button data-testid="redeem-submit" type="submit" disabled={disabled || !code.trim()}>
          {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {t('billing.redeem.submit')}
        </Button>
      </form>
    </section>
  );
}
