import { LanguagesIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export interface PendingTranslation {
  command: 'imagine' | 'shorten';
  /** The prompt as typed, which this English belongs to. */
  prompt: string;
  promptEn: string;
  failed: boolean;
  loading: boolean;
}

export interface TranslationPreviewProps {
  pending: PendingTranslation;
  disabled: boolean;
  onChange: (promptEn: string) => void;
  onSend: () => void;
  onCancel: () => void;
}

/** The English a Chinese prompt will go with, shown before sending and editable. */
export function TranslationPreview({
  pending,
  disabled,
  onChange,
  onSend,
  onCancel,
}: TranslationPreviewProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLTextAreaElement>(null);
  const { loading } = pending;
  useEffect(() => {
    if (!loading) input.current?.focus();
  }, [loading]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (pending.promptEn.trim()) onSend();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <div
      data-testid="composer-translation"
      className="border-b border-black/[0.06] px-3 py-2.5 sm:px-4 dark:border-white/[0.06]"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <LanguagesIcon className="size-3.5" aria-hidden />
        {/* Never "English to be sent" over the prompt as typed: a failed translation says so. */}
        {t(pending.failed ? 'composer.translation.untranslatedTitle' : 'composer.translation.title')}
      </p>
      {loading ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          <Loader2Icon className="size-4 animate-spin" aria-hidden />
          {t('composer.translation.loading')}
        </p>
      ) : (
        <>
          <textarea
            ref={input}
            lang={pending.failed ? undefined : 'en'}
            rows={2}
            data-testid="composer-translation-input"
            aria-label={t('composer.translation.edit')}
            value={pending.promptEn}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            className="scrollbar-thin mt-1.5 max-h-40 w-full resize-y rounded-md border border-black/10 bg-white/70 px-2.5 py-1.5 text-sm leading-5 text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring dark:border-white/10 dark:bg-black/20"
          />
          <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
            <p
              className={
                pending.failed
                  ? 'text-xs text-amber-700 dark:text-amber-400'
                  : 'text-xs text-muted-foreground'
              }
              data-testid="composer-translation-note"
            >
              {t(pending.failed ? 'composer.translation.failed' : 'composer.translation.hint')}
            </p>
            <div className="ml-auto flex gap-2">
              <Button size="sm" variant="ghost" onClick={onCancel} disabled={disabled}>
                {t('composer.translation.cancel')}
              </Button>
              <Button
                size="sm"
                onClick={onSend}
                disabled={disabled || !pending.promptEn.trim()}
                data-testid="composer-translation-send"
              >
                {t('composer.translation.send')}
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
