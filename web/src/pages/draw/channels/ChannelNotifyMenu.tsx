import { NotifyLevel, type Channel } from '@draw/shared';
import { BellIcon, BellOffIcon, BellRingIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Tooltip } from '../../../components/ui/tooltip';
import { unreadStore } from '../../../stores/unread';
import { setChannelNotify } from '../social/socialApi';

const LEVELS = [NotifyLevel.All, NotifyLevel.Mentions, NotifyLevel.None] as const;
const ICONS = { all: BellRingIcon, mentions: BellIcon, none: BellOffIcon } as const;

/** The selected channel's bell: what the person hears from it (all, mentions only, nothing). */
export function ChannelNotifyMenu({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const { byChannel } = useSnapshot(unreadStore);
  const level = byChannel[channel.id]?.notify ?? NotifyLevel.All;
  const Icon = ICONS[level];
  const label = t('social.notify.channelMenu');
  return (
    <DropdownMenu modal={false}>
      <Tooltip content={label}>
        <DropdownMenuTrigger
          data-testid={`channel-notify-${channel.id}`}
          aria-label={t('social.notify.bellLabel', { level: t(`social.notify.level.${level}`) })}
          className="flex size-6 items-center justify-center rounded text-sidebar-foreground max-sm:size-11 transition-colors outline-none hover:text-heading focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Icon className="size-4" aria-hidden />
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent align="start" side="bottom">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={level}
          onValueChange={(next) =>
            void setChannelNotify(channel.id, next as NotifyLevel).catch(() => undefined)
          }
        >
          {LEVELS.map((value) => (
            <DropdownMenuRadioItem key={value} value={value} data-testid={`channel-notify-${value}`}>
              {t(`social.notify.level.${value}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
