import { BotType, ImageEngineName } from '@draw/shared';
import { Flower2Icon, SailboatIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';

const BOTS = [
  {
    value: BotType.MidJourney,
    testId: 'composer-bot-mj',
    labelKey: 'composer.bot.midjourney',
    nameKey: 'composer.bot.midjourneyName',
    paramsKey: 'composer.bot.midjourneyParams',
    Icon: SailboatIcon,
  },
  {
    value: BotType.NijiJourney,
    testId: 'composer-bot-niji',
    labelKey: 'composer.bot.niji',
    nameKey: 'composer.bot.nijiName',
    paramsKey: 'composer.bot.nijiParams',
    Icon: Flower2Icon,
  },
] as const;

/**
 * Midjourney / Niji: the bot every submit goes to (a two-way segmented control, arrow keys move).
 * On another engine (the built-in one) it only chooses `--v` or `--niji`: named as those
 * parameters, never as a Midjourney bot that would draw.
 */
export function BotSwitch({
  value,
  engine,
  disabled,
  onChange,
}: {
  value: BotType;
  /** The engine that draws the next task. */
  engine: string | null | undefined;
  disabled?: boolean;
  onChange: (botType: BotType) => void;
}) {
  const { t } = useTranslation();
  const bots = engine === ImageEngineName.MidjourneyProxy;
  return (
    <RadioGroup.Root
      data-testid="composer-bot-switch"
      aria-label={t('composer.bot.label')}
      orientation="horizontal"
      loop
      value={value}
      disabled={disabled}
      onValueChange={(next) => onChange(next as BotType)}
      // On a phone each half is a 44 px target: the track loses its inset and the halves fill it.
      className="flex h-8 shrink-0 items-center rounded-md bg-black/[0.06] p-0.5 max-sm:h-11 max-sm:p-0 dark:bg-black/25"
    >
      {BOTS.map(({ value: bot, testId, labelKey, nameKey, paramsKey, Icon }) => (
        <Tooltip key={bot} content={t(bots ? nameKey : paramsKey)}>
          <RadioGroup.Item
            value={bot}
            data-testid={testId}
            aria-label={t(bots ? nameKey : paramsKey)}
            className={cn(
              'flex h-7 items-center justify-center gap-1 rounded-[5px] px-2 text-xs max-sm:h-11 max-sm:min-w-11 max-sm:rounded-md font-semibold text-muted-foreground transition-colors outline-none hover:text-heading focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
              // The tooltip trigger owns `data-state`, so the checked look keys on aria-checked.
              'aria-checked:bg-main aria-checked:text-heading aria-checked:shadow-sm dark:aria-checked:bg-[#4e5058]',
            )}
          >
            <Icon className="size-3.5" aria-hidden />
            <span className="max-[420px]:hidden">{t(labelKey)}</span>
          </RadioGroup.Item>
        </Tooltip>
      ))}
    </RadioGroup.Root>
  );
}
