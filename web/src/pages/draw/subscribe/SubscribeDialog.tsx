import { Ui } from '@draw/shared';
import { CrownIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';

export interface SubscribeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 订阅 (1100 px wide, at most 90vw), opened by the crown in the user footer.
 * Hook point: the plans, order, payment and redeem-code content replaces `SubscribeDialogBody`.
 */
export function SubscribeDialog({ open, onOpenChange }: SubscribeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={Ui.subscribeDialogWidth} data-testid="subscribe-dialog">
        <DialogHeader>
          <DialogTitle>{t('subscribe.title')}</DialogTitle>
          <DialogDescription>{t('subscribe.description')}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <SubscribeDialogBody />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's content area until the plans are plugged in. */
function SubscribeDialogBody() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="subscribe-body"
      className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center"
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-[#f0b232]/15">
        <CrownIcon className="size-7 text-[#f0b232]" aria-hidden />
      </div>
      <p className="text-base font-semibold text-heading">{t('subscribe.placeholderTitle')}</p>
      <p className="max-w-md text-sm text-muted-foreground">{t('subscribe.placeholderText')}</p>
    </div>
  );
}
