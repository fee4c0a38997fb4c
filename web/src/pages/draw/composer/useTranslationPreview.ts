import { useState } from 'react';
import { hasCjk } from '@draw/shared';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api';
import { call, reportFailure } from '../../../lib/http';
import { appSettingStore } from '../../../stores/appSetting';
import { companyInfoStore } from '../../../stores/companyInfo';
import type { PendingTranslation } from './TranslationPreview';

export interface TranslationPreviewState {
  pending: PendingTranslation | null;
  setPending(next: PendingTranslation | null): void;
  /** With the preview on, a Chinese prompt first shows its English (once per prompt). */
  needsPreview(command: PendingTranslation['command'], prompt: string): boolean;
  show(command: PendingTranslation['command'], prompt: string): Promise<void>;
  /** The English to send for this prompt: the person's, when they were shown it and left it be. */
  editedFor(command: PendingTranslation['command'], prompt: string): { promptEn?: string };
}

/** The English preview of a Chinese prompt, shown before it is sent when the person asked for it. */
export function useTranslationPreview(): TranslationPreviewState {
  const { previewTranslation } = useSnapshot(appSettingStore);
  // Without a translator on the server there is no English to show: the prompt goes as typed.
  const { translatesPrompts } = useSnapshot(companyInfoStore);
  const [pending, setPending] = useState<PendingTranslation | null>(null);
  return {
    pending,
    setPending,
    needsPreview: (command, prompt) =>
      previewTranslation &&
      translatesPrompts &&
      hasCjk(prompt) &&
      !(pending && pending.prompt === prompt && pending.command === command),
    async show(command, prompt) {
      setPending({ command, prompt, promptEn: '', failed: false, loading: true });
      try {
        const { promptEn, failed, translated } = await call(api.tasks.translate, { body: { prompt } });
        // Nothing translated is not English: shown as the prompt going as typed, never under "English to be sent" as if it were.
        const untranslated = failed || !translated;
        setPending((current) =>
          current?.prompt === prompt
            ? { command, prompt, promptEn, failed: untranslated, loading: false }
            : current,
        );
      } catch (error) {
        reportFailure(error);
        setPending(null);
      }
    },
    editedFor(command, prompt) {
      // A failed translation left untouched is not the person's English: the server tries again.
      const shown =
        pending &&
        pending.prompt === prompt &&
        pending.command === command &&
        !(pending.failed && pending.promptEn === prompt);
      return shown ? { promptEn: pending.promptEn } : {};
    },
  };
}
