import { CopyIcon, Link2Icon, Link2OffIcon, Loader2Icon, Share2Icon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { copyText } from '../channels/copyText';
import { shareTask, stopSharing, useShareLink } from './shareLinks';

const button =
  'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 max-sm:min-h-11';

/**
 * A result's public link: "Share" makes it and copies it; then the link, "Copy link" and "Stop
 * sharing". `dark` for the image view's panel. `startAtOnce`: make the link as soon as it shows
 * (the image menu's dialog, opened by choosing "Share").
 */
export function ShareBox({
  taskId,
  dark = false,
  startAtOnce = false,
}: {
  taskId: string;
  dark?: boolean;
  startAtOnce?: boolean;
}) {
  const { t } = useTranslation();
  const url = useShareLink(taskId);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  const copy = async (link: string) => {
    if (await copyText(link, field.current)) notify.success(t('share.copied'));
  };

  async function share() {
    setBusy(true);
    try {
      const link = await shareTask(taskId);
      await copy(link);
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    setBusy(true);
    try {
      await stopSharing(taskId);
      notify.success(t('share.stopped'));
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy(false);
    }
  }

  const started = useRef(false);
  useEffect(() => {
    if (!startAtOnce || started.current || url) return;
    started.current = true;
    void share();
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startAtOnce]);

  const secondary = dark
    ? 'bg-white/10 text-white hover:bg-white/20'
    : 'bg-secondary text-secondary-foreground hover:bg-secondary/80';
  const danger = dark
    ? 'text-[#fa777c] hover:bg-white/10'
    : 'text-[#c1272d] hover:bg-destructive/10 dark:text-[#fa777c]';

  if (!url)
    return (
      <button
        type="button"
        data-testid={`share-create-${taskId}`}
        disabled={busy}
        onClick={() => void share()}
        className={cn(button, secondary)}
      >
        {busy ? (
          <Loader2Icon className="size-4 animate-spin" aria-hidden />
        ) : (
          <Share2Icon className="size-4" aria-hidden />
        )}
        {busy ? t('share.creating') : t('share.share')}
      </button>
    );

  return (
    <div className="flex flex-col gap-2" data-testid={`share-box-${taskId}`}>
      <label
        htmlFor={fieldId}
        className={cn(
          'flex items-center gap-1.5 text-xs font-semibold',
          dark ? 'text-white/70' : 'text-muted-foreground',
        )}
      >
        <Link2Icon className="size-3.5" aria-hidden />
        {t('share.link')}
      </label>
      <input
        ref={field}
        id={fieldId}
        readOnly
        value={url}
        data-testid={`share-url-${taskId}`}
        onFocus={(event) => event.currentTarget.select()}
        className={cn(
          'h-9 w-full min-w-0 rounded-md border px-2 font-mono text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring max-sm:h-11',
          dark ? 'border-white/15 bg-black/40 text-white' : 'border-border bg-input text-foreground',
        )}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => void copy(url)}
          className={cn(button, secondary)}
        >
          <CopyIcon className="size-4" aria-hidden />
          {t('share.copy')}
        </button>
        <button
          type="button"
          data-testid={`share-stop-${taskId}`}
          disabled={busy}
          onClick={() => void stop()}
          className={cn(button, danger)}
        >
          <Link2OffIcon className="size-4" aria-hidden />
          {t('share.stop')}
        </button>
      </div>
    </div>
  );
}
