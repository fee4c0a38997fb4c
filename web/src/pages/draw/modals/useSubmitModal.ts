import type { ModalRequest } from '@draw/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFailure, uploadImages } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { submitModal } from '../feed/feedApi';

/**
 * Sends a modal's input (POST /api/mj/submit/modal/{channelId}); `done` runs on success. A Vary
 * (Region) mask is a file: it goes first as an upload (POST /api/upload), the body names its id.
 */
/** What an editor gives: the modal body's prompt and its English, and a mask as a file (uploaded here). */
export type ModalInput = Omit<ModalRequest, 'taskId' | 'maskImageId'> & { mask?: File };

export function useSubmitModal(channelId: string, taskId: string, done: () => void) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);

  async function submit({ mask, ...body }: ModalInput): Promise<boolean> {
    if (submitting) return false;
    setSubmitting(true);
    try {
      const [maskImageId] = mask ? await uploadImages([mask]) : [];
      const result = await submitModal(channelId, {
        taskId,
        ...body,
        ...(maskImageId ? { maskImageId } : {}),
      });
      if (!result.ok) {
        notify.error(result.message || t('feed.editor.submitFailed'));
        return false;
      }
      done();
      return true;
    } catch (error) {
      // As every upload and submit: the server's refusal was shown already; anything else is now.
      reportFailure(error);
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
