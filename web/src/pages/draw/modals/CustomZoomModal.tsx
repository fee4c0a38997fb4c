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
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/utils';
import { useSubmitModal } from './useSubmitModal';
import { validatePrompt } from './validation';
import type { EditorClose } from './editorChoice';
import { joinZoomPrompt, splitZoomPrompt, validateZoom } from './zoomPrompt';

const PRESETS = ['1.2', '1.5', '1.8', '2.0'];

/** Custom Zoom: the prompt, and a zoom-out factor from 1.0 to 2.0 sent as `--zoom`. */
export function CustomZoomModal({
  task,
  defaultPrompt,
  onClose,
}: {
  task: Task;
  defaultPrompt: string;
  onClose: EditorClose;
}) {
  const { t } = useTranslation();
  const id = useId();
  const initial = splitZoomPrompt(defaultPrompt);
  const [prompt, setPrompt] = useState(initial.prompt);
  const [zoom, setZoom] = useState(initial.zoom);
  const [touched, setTouched] = useState(false);
  const [promptError, setPromptError] = useState<string | null>(null);
  const { submitting, submit } = useSubmitModal(task.channelId, task.id, () => onClose('submitted'));

  const zoomProblem = validateZoom(zoom);
  const zoomError =
    touched && zoomProblem
      ? t(`feed.editor.zoomErrors.${zoomProblem}`, {
          min: Limits.zoomMin.toFixed(1),
          max: Limits.zoomMax.toFixed(1),
        })
      : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const problem = validatePrompt(prompt);
    setPromptError(problem ? t(`feed.editor.errors.${problem}`, { max: Limits.promptMaxChars }) : null);
    if (problem || zoomProblem) return;
    void submit({ prompt: joinZoomPrompt(prompt, zoom) });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent width={520} data-testid="editor-customZoom">
        <form onSubmit={onSubmit} className="flex min-h-0 flex-col" noValidate>
          <DialogHeader>
            <DialogTitle>{t('feed.editor.zoomTitle')}</DialogTitle>
            <DialogDescription>{t('feed.editor.zoomHint')}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-4">
            <div>
              <label
                htmlFor={`${id}-prompt`}
                className="mb-2 block text-xs font-bold tracking-wide text-muted-foreground uppercase"
              >
                {t('feed.editor.promptLabel')}
              </label>
              <Textarea
                id={`${id}-prompt`}
                data-testid="zoom-prompt"
                value={prompt}
                rows={3}
                onChange={(event) => {
                  setPrompt(event.target.value);
                  setPromptError(null);
                }}
                aria-invalid={promptError ? true : undefined}
                aria-describedby={promptError ? `${id}-prompt-error` : undefined}
              />
              {promptError && (
                <p
                  id={`${id}-prompt-error`}
                  role="alert"
                  className="mt-1.5 text-xs font-medium text-destructive dark:text-[#fa777c]"
                >
                  {promptError}
                </p>
              )}
            </div>
            <div>
              <label
                htmlFor={`${id}-zoom`}
                className="mb-2 block text-xs font-bold tracking-wide text-muted-foreground uppercase"
              >
                {t('feed.editor.zoomLabel')}
              </label>
              <div className="flex flex-wrap items-center gap-2">
                <div className="relative w-32">
                  <span
                    aria-hidden
                    className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 font-mono text-sm text-muted-foreground"
                  >
                    --zoom
                  </span>
                  <Input
                    id={`${id}-zoom`}
                    data-testid="zoom-input"
                    inputMode="decimal"
                    autoComplete="off"
                    value={zoom}
                    onChange={(event) => {
                      setZoom(event.target.value);
                      setTouched(true);
                    }}
                    onBlur={() => setTouched(true)}
                    aria-invalid={zoomError ? true : undefined}
                    aria-describedby={zoomError ? `${id}-zoom-error` : `${id}-zoom-hint`}
                    className="pl-[68px] font-mono"
                  />
                </div>
                <div className="flex gap-1.5" role="group" aria-label={t('feed.editor.zoomPresets')}>
                  {PRESETS.map((preset) => (
                    <button
                      key={preset}
                      type="button"
                      onClick={() => {
                        setZoom(preset);
                        setTouched(true);
                      }}
                      aria-pressed={Number(zoom) === Number(preset)}
                      className={cn(
                        'h-8 rounded-md px-2.5 font-mono text-xs font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        Number(zoom) === Number(preset)
                          ? 'bg-primary text-primary-foreground'
                          : 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
                      )}
                    >
                      {preset}
                    </button>
                  ))}
                </div>
              </div>
              {zoomError ? (
                <p
                  id={`${id}-zoom-error`}
                  role="alert"
                  data-testid="zoom-error"
                  className="mt-1.5 text-xs font-medium text-destructive dark:text-[#fa777c]"
                >
                  {zoomError}
                </p>
              ) : (
                <p id={`${id}-zoom-hint`} className="mt-1.5 text-xs text-muted-foreground">
                  {t('feed.editor.zoomRange', {
                    min: Limits.zoomMin.toFixed(1),
                    max: Limits.zoomMax.toFixed(1),
                  })}
                </p>
              )}
            </div>
          </DialogBody>
          <EditorFooter submitting={submitting} onClose={onClose} submitTestId="zoom-submit" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
