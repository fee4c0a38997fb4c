import { SparklesIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CommandName } from './commands';
import type { UnknownCommand } from './useCommandRunner';

const row = 'flex flex-wrap items-center gap-x-2 gap-y-1 px-4 pt-2.5 text-[13px]';
const linkButton =
  'inline-flex min-h-6 items-center rounded-[3px] px-1.5 font-medium text-[#005fcc] outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring dark:text-[#4cc0ff]';

/**
 * Shown while text with no slash is typed: Enter posts it as a message (this is a chat room too);
 * one click, or Ctrl/⌘+Enter, draws it with /imagine, and the person sees the command it became.
 */
export function DrawOffer({ id, onDraw }: { id: string; onDraw(): void }) {
  const { t } = useTranslation();
  return (
    <div id={id} data-testid="composer-draw-offer" className={row}>
      <SparklesIcon className="size-4 shrink-0 text-primary" aria-hidden />
      <span className="text-muted-foreground dark:text-[#b5bac1]">{t('composer.teach.offer')}</span>
      <button type="button" data-testid="composer-draw-this" onClick={onDraw} className={linkButton}>
        {t('composer.teach.drawThis')}
      </button>
      <kbd className="hidden rounded-[3px] bg-black/[0.06] px-1.5 font-mono text-xs text-muted-foreground sm:inline dark:bg-black/25 dark:text-[#b5bac1]">
        {t('composer.teach.shortcut')}
      </kbd>
    </div>
  );
}

/** An unknown `/word` was sent: refused here, not posted, with the command it most likely meant. */
export function UnknownCommandNote({
  id,
  unknown,
  onUse,
}: {
  id: string;
  unknown: UnknownCommand;
  onUse(command: CommandName): void;
}) {
  const { t } = useTranslation();
  const { name, suggestion } = unknown;
  return (
    <div id={id} role="alert" data-testid="composer-unknown-command" className={row}>
      <TriangleAlertIcon className="size-4 shrink-0 text-destructive" aria-hidden />
      <span className="text-foreground">
        {suggestion
          ? t('composer.teach.unknownWithSuggestion', { name, suggestion })
          : t('composer.teach.unknown', { name })}
      </span>
      {suggestion && (
        <button type="button" onClick={() => onUse(suggestion)} className={linkButton}>
          {t('composer.teach.use', { suggestion })}
        </button>
      )}
    </div>
  );
}
