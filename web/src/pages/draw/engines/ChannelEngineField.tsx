import type { ImageEngineName } from '@draw/shared';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';
import { engineLabel } from './EnginePicker';
import { useEngines } from './enginesStore';

/** The `none` radio value: the channel follows the site's default. */
const SITE_DEFAULT = 'site-default';

export interface ChannelEngineFieldProps {
  value: ImageEngineName | null;
  disabled?: boolean;
  onChange: (engine: ImageEngineName | null) => void;
}

/**
 * 默认绘画引擎 in the channel's settings (its creator): the site's default, or one of the enabled
 * engines; one that is down is marked. Shown when there is a choice (several engines), or to clear
 * a channel's engine.
 */
export function ChannelEngineField({ value, disabled, onChange }: ChannelEngineFieldProps) {
  const { t } = useTranslation();
  const { engines, siteDefault } = useEngines();
  const labelId = useId();
  const hintId = useId();
  if (!engines || !siteDefault || (engines.length < 2 && value === null)) return null;
  const option =
    'flex w-full items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-left text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary/10 disabled:opacity-50';
  return (
    <div className="flex flex-col gap-2">
      <Label asChild>
        <span id={labelId}>{t('channels.engine.label')}</span>
      </Label>
      <span id={hintId} className="-mt-1 text-sm text-muted-foreground">
        {t('channels.engine.hint')}
      </span>
      <RadioGroup.Root
        data-testid="channel-engine"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        value={value ?? SITE_DEFAULT}
        disabled={disabled}
        onValueChange={(next) => onChange(next === SITE_DEFAULT ? null : (next as ImageEngineName))}
        className="flex flex-col gap-1.5"
      >
        <RadioGroup.Item value={SITE_DEFAULT} data-testid="channel-engine-default" className={option}>
          {t('channels.engine.siteDefault', { name: engineLabel(t, siteDefault) })}
        </RadioGroup.Item>
        {engines.map((engine) => (
          <RadioGroup.Item
            key={engine.id}
            value={engine.id}
            data-testid={`channel-engine-${engine.id}`}
            className={option}
          >
            <span className="truncate">{engineLabel(t, engine)}</span>
            {!engine.available && (
              <span className={cn('shrink-0 text-xs text-destructive dark:text-[#fa777c]')}>
                {t('channels.engine.unavailable')}
              </span>
            )}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
