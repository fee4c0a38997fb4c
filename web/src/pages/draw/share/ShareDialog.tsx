import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ShareBox } from './ShareBox';

/** The image menu's "Share": makes the link at once, copies it, and offers to stop it. */
export function ShareDialog({
  taskId,
  open,
  onOpenChange,
}: {
  taskId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={440} data-testid="share-dialog">
        <DialogHeader>
          <DialogTitle>{t('share.title')}</DialogTitle>
          <DialogDescription>{t('share.description')}</DialogDescription>
        </DialogHeader>
        <DialogBody className="pb-5">{open && <ShareBox taskId={taskId} startAtOnce />}</DialogBody>
      </DialogContent>
    </Dialog>
  );
}
