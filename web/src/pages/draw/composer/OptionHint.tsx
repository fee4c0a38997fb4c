import type { BotType } from '@draw/shared';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from './BotAvatar';
import { isEditorCommand, type CommandName } from './commands';

export interface OptionHintProps {
  id: string;
  command: CommandName;
  botType: BotType;
  engine: string | null;
}

/** Above the input while a command's prompt is typed: `/imagine [prompt] The prompt to imagine`. */
export function OptionHint({ id, command, botType, engine }: OptionHintProps) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      className="flex items-center gap-2 px-4 pt-2.5 text-[13px] text-muted-foreground dark:text-[#b5bac1]"
    >
      <BotAvatar botType={botType} engine={engine} className="size-4" />
      <span className="font-semibold text-heading">/{command}</span>
      <span className="rounded-[3px] bg-black/[0.06] px-1.5 font-mono text-xs dark:bg-black/25">
        {t('composer.menu.optionPrompt')}
      </span>
      <span className="truncate">
        {t(
          command === 'shorten'
            ? 'composer.commands.shortenPrompt'
            : isEditorCommand(command)
              ? 'composer.commands.editorPrompt'
              : 'composer.commands.imaginePrompt',
        )}
      </span>
    </div>
  );
}
