import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';

/** Cancel and submit for the text editors (remix/prompt and custom zoom). */
export function EditorFooter({
  submitting,
  onClose,
  submitTestId,
}: {
  submitting: boolean;
  onClose: () => void;
  submitTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      <Button variant="ghost" onClick={onClose} disabled={submitting}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" data-testid={submitTestId} disabled={submitting}>
        {submitting && <Loader2Icon className="animate-spin" aria-hidden />}
        {t('feed.editor.submit')}
      </Button>
    </DialogFooter>
  );
}
