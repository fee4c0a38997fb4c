import { CircleAlertIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export interface PopconfirmProps {
  /** The question, e.g. 确定删除该频道？ */
  title: ReactNode;
  description?: ReactNode;
  /** Runs on 确定; the popover stays open (busy) until a returned promise settles. */
  onConfirm: () => void | Promise<unknown>;
  onCancel?: () => void;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /** The element that opens the confirmation on click. */
  children: ReactNode;
}

/** A click-triggered confirmation bubble (spec §9: the trigger is click). */
export function Popconfirm({
  title,
  description,
  onConfirm,
  onCancel,
  confirmText,
  cancelText,
  danger = false,
  side = 'top',
  align = 'center',
  children,
}: PopconfirmProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  function cancel() {
    setOpen(false);
    onCancel?.();
  }

  return (
    <Popover open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent
        side={side}
        align={align}
        className="w-64 p-3"
        role="alertdialog"
        aria-label={typeof title === 'string' ? title : undefined}
      >
        <div className="flex gap-2">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-heading">{title}</p>
            {description && <p className="mt-1 text-xs text-muted-foreground">{description}</p>}
          </div>
        </div>
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={cancel} disabled={busy}>
            {cancelText ?? t('common.cancel')}
          </Button>
          <Button
            variant={danger ? 'destructive' : 'default'}
            size="sm"
            onClick={() => void confirm()}
            disabled={busy}
          >
            {confirmText ?? t('common.confirm')}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
