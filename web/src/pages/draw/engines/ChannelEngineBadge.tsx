import type { Channel } from '@draw/shared';
import { CpuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { chooseEngine } from './engineChoice';
import { engineLabel } from './EnginePicker';
import { useEngines } from './enginesStore';

/** In the channel's bar: the engine the channel draws on by default, when the site has several. */
export function ChannelEngineBadge({ channel }: { channel: Pick<Channel, 'engine'> }) {
  const { t } = useTranslation();
  const { engines } = useEngines();
  const { channelDefault } = chooseEngine(engines, null, channel.engine ?? null);
  if (!engines || engines.length < 2 || !channelDefault) return null;
  const name = engineLabel(t, channelDefault);
  const hint = t('channels.engine.badge', { name });
  return (
    <Tooltip content={hint} side="bottom">
      <span
        data-testid="channel-engine-badge"
        className="inline-flex h-6 max-w-40 items-center gap-1 rounded-full bg-black/[0.06] px-2 text-xs font-semibold text-heading dark:bg-black/25"
      >
        <CpuIcon className="size-3.5 shrink-0" aria-hidden />
        {/* Read as the whole hint; on a phone only the icon shows. */}
        <span className="sr-only">{hint}</span>
        <span className="truncate max-sm:hidden" aria-hidden>
          {name}
        </span>
      </span>
    </Tooltip>
  );
}
