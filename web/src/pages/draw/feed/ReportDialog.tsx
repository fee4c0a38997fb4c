import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { api } from '../../../lib/api';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';

/** Maximum length of a report's reason (the server's `ModerationLimits.reportReasonMaxChars`). */
const REASON_MAX = 200;

export interface ReportDialogProps {
  taskId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 举报这张图片: an optional reason, sent to the site's admins. */
export function ReportDialog({ taskId, open, onOpenChange }: ReportDialogProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    try {
      await call(api.archive.report, { params: { taskId }, body: { reason: reason.trim() } });
      notify.success(t('moderation.reported'));
      setReason('');
      onOpenChange(false);
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent width={440} data-testid="report-dialog">
        <form
          className="flex min-h-0 flex-col"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('moderation.reportTitle')}</DialogTitle>
            <DialogDescription>{t('moderation.reportText')}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-2">
            <Label htmlFor={reasonId}>{t('moderation.reportReason')}</Label>
            <Textarea
              id={reasonId}
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              data-testid="report-reason"
            />
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy} data-testid="report-submit">
              {t('moderation.reportSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
