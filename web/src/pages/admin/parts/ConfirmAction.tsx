import { useId, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useAdminT } from '../i18n/strings';
import { failureText } from './useLoad';

export interface ConfirmActionProps {
  /** The trigger's and the confirm button's verb: 停用账号, 删除频道… */
  verb: string;
  title: string;
  text?: ReactNode;
  /** Asks for a reason (required) before the verb can be pressed. */
  reasonLabel?: string;
  danger?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  triggerVariant?: ButtonProps['variant'];
  triggerSize?: ButtonProps['size'];
  testId?: string;
  disabled?: boolean;
}

/** A destructive action behind a dialog that names it: the confirm button says the same verb. */
export function ConfirmAction({
  verb,
  title,
  text,
  reasonLabel,
  danger = true,
  onConfirm,
  triggerVariant,
  triggerSize = 'sm',
  testId,
  disabled,
}: ConfirmActionProps) {
  const t = useAdminT();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = !reasonLabel || reason.trim().length > 0;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      setReason('');
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant={triggerVariant ?? (danger ? 'destructive' : 'secondary')}
          size={triggerSize}
          data-testid={testId}
          disabled={disabled}
        >
          {verb}
        </Button>
      </DialogTrigger>
      <DialogContent width={440}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {text && <DialogDescription>{text}</DialogDescription>}
        </DialogHeader>
        {(reasonLabel || error) && (
          <DialogBody className="flex flex-col gap-2">
            {reasonLabel && (
              <>
                <Label htmlFor={reasonId}>{reasonLabel}</Label>
                <Input
                  id={reasonId}
                  value={reason}
                  maxLength={200}
                  onChange={(event) => setReason(event.target.value)}
                  data-testid={testId ? `${testId}-reason` : undefined}
                />
              </>
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive dark:text-[#fa777c]">
                {error}
              </p>
            )}
          </DialogBody>
        )}
        <DialogFooter>
          <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            variant={danger ? 'destructive' : 'default'}
            onClick={() => void confirm()}
            disabled={busy || !ready}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {verb}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
