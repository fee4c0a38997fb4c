import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { submitModal } from '../feed/feedApi';

/** Sends a modal's input (POST /api/mj/submit/modal/{channelId}); `done` runs on success. */
export function useSubmitModal(channelId: string, taskId: string, done: () => void) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);

  async function submit(body: { prompt?: string; maskBase64?: string }): Promise<boolean> {
    if (submitting) return false;
    setSubmitting(true);
    try {
      const result = await submitModal(channelId, { taskId, ...body });
      if (!result.ok) {
        notify.error(result.message || t('feed.editor.submitFailed'));
        return false;
      }
      done();
      return true;
    } catch {
      // The HTTP client already showed the server's message.
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
