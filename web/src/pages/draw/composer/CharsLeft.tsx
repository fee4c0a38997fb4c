import { Limits } from '@draw/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { activeCommand } from './commands';

/** The text limit of what is being typed: a prompt for a command, a message otherwise. */
function limitOf(text: string): { used: number; max: number } {
  const command = activeCommand(text);
  if (command) return { used: text.trim().length - command.length - 2, max: Limits.promptMaxChars };
  return { used: text.trim().length, max: Limits.messageMaxChars };
}

/** The characters left, shown once fewer than 200 remain (red past the limit). */
export function CharsLeft({ text }: { text: string }) {
  const { t } = useTranslation();
  const limit = limitOf(text);
  const remaining = limit.max - limit.used;
  if (remaining >= 200) return null;
  return (
    <p
      className={cn(
        'px-4 pb-2 text-right text-xs',
        remaining < 0 ? 'text-destructive' : 'text-muted-foreground',
      )}
      aria-live="polite"
    >
      {t('composer.charsLeft', { count: remaining })}
    </p>
  );
}
