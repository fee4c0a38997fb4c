import type { Channel } from '@draw/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelListStatus } from '../../../stores/channels';
import { ChannelSection } from './ChannelSection';
import { GeneralSection } from './GeneralSection';
import { ServerHeader } from './ServerHeader';
import { UserFooter } from './UserFooter';

export interface ChannelSidebarProps {
  channels: readonly Channel[];
  status: ChannelListStatus;
  selectedId: string | null;
  onSelectChannel: (channel: Channel) => void;
  onCreateChannel: () => void;
  onOpenSettings: () => void;
  /** 编辑服务器个人资料: the settings at the profile. */
  onEditProfile: () => void;
  onOpenSubscribe: () => void;
  renderChannelActions?: (channel: Channel) => ReactNode;
}

/** The 240 px channel sidebar: server header, 常规, 文字频道 and the user footer. */
export function ChannelSidebar(props: ChannelSidebarProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('sidebar.label')} className="flex h-full w-[240px] flex-col bg-sidebar">
      <ServerHeader
        onCreateChannel={props.onCreateChannel}
        onEditProfile={props.onEditProfile}
        onSubscribe={props.onOpenSubscribe}
      />
      <div className="scrollbar-thin flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-2 pt-4 pb-3">
        <GeneralSection onEditProfile={props.onEditProfile} />
        <ChannelSection
          channels={props.channels}
          status={props.status}
          selectedId={props.selectedId}
          onSelect={props.onSelectChannel}
          onCreateChannel={props.onCreateChannel}
          renderChannelActions={props.renderChannelActions}
        />
      </div>
      <UserFooter onOpenSettings={props.onOpenSettings} onOpenSubscribe={props.onOpenSubscribe} />
    </nav>
  );
}
