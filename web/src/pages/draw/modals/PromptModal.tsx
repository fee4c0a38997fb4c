import { Limits, type Task } from '@draw/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorFooter } from './EditorFooter';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/textarea';
import { validatePrompt } from './validation';
import type { EditorClose } from './editorChoice';
import { useSubmitModal } from './useSubmitModal';

export interface PromptModalProps {
  task: Task;
  /** `remix`: edit the prompt of a variation / reroll / pan; `prompt`: imagine a describe or shorten suggestion. */
  kind: 'remix' | 'prompt';
  defaultPrompt: string;
  onClose: EditorClose;
}

/** Remix Prompt / Imagine this prompt: a prompt editor prefilled with the suggestion. */
export function PromptModal({ task, kind, defaultPrompt, onClose }: PromptModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const [prompt, setPrompt] = useState(defaultPrompt);
  const [error, setError] = useState<string | null>(null);
  const { submitting, submit } = useSubmitModal(task.channelId, task.id, () => onClose('submitted'));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validatePrompt(prompt);
    if (problem) {
      setError(t(`feed.editor.errors.${problem}`, { max: Limits.promptMaxChars }));
      return;
    }
    void submit({ prompt: prompt.trim() });
  }

  const errorId = `${id}-error`;
  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent width={560} data-testid={`editor-${kind}`}>
        <form onSubmit={onSubmit} className="flex min-h-0 flex-col" noValidate>
          <DialogHeader>
            <DialogTitle>
              {kind === 'remix' ? t('feed.editor.remixTitle') : t('feed.editor.promptTitle')}
            </DialogTitle>
            <DialogDescription>
              {kind === 'remix' ? t('feed.editor.remixHint') : t('feed.editor.promptHint')}
            </DialogDescription>
          </DialogHeader>
          <DialogBody>
            <label
              htmlFor={`${id}-prompt`}
              className="mb-2 block text-xs font-bold tracking-wide text-muted-foreground uppercase"
            >
              {t('feed.editor.promptLabel')}
            </label>
            <Textarea
              id={`${id}-prompt`}
              data-testid="remix-prompt"
              value={prompt}
              rows={5}
              maxLength={Limits.promptMaxChars + 200}
              autoFocus
              onChange={(event) => {
                setPrompt(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey))
                  event.currentTarget.form?.requestSubmit();
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="min-h-28"
            />
            {error && (
              <p
                id={errorId}
                role="alert"
                className="mt-1.5 text-xs font-medium text-destructive dark:text-[#fa777c]"
              >
                {error}
              </p>
            )}
          </DialogBody>
          <EditorFooter submitting={submitting} onClose={onClose} submitTestId="remix-submit" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
