import type { Channel } from '@draw/shared';
import { LogOutIcon, SettingsIcon, UserPlusIcon, type LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Popconfirm } from '../../../components/ui/popconfirm';
import { Tooltip, TooltipContent, TooltipRoot, TooltipTrigger } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';
import { openEditChannelDialog, openInviteDialog } from '../drawDialogs';
import { ChannelNotifyMenu } from './ChannelNotifyMenu';
import { removeChannel } from './removeChannel';

type ActionButtonProps = ComponentProps<'button'> & { label: string; icon: LucideIcon; danger?: boolean };

/** A small icon button in the selected channel's row. */
function ActionButton({ label, icon: Icon, danger = false, className, ...props }: ActionButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cn(
        'flex size-6 items-center justify-center rounded text-sidebar-foreground max-sm:size-11 transition-colors outline-none hover:text-heading focus-visible:ring-2 focus-visible:ring-ring',
        danger && 'hover:text-destructive dark:hover:text-[#fa777c]',
        className,
      )}
      {...props}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

/** An action that asks first (确定退出该频道？). */
function ConfirmedAction({
  label,
  question,
  onConfirm,
  children,
}: {
  label: string;
  question: string;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TooltipRoot>
      <Popconfirm
        title={question}
        danger
        side="right"
        onConfirm={onConfirm}
        confirmText={<span data-testid="popconfirm-ok">{t('common.confirm')}</span>}
      >
        <TooltipTrigger asChild>{children}</TooltipTrigger>
      </Popconfirm>
      <TooltipContent side="top">{label}</TooltipContent>
    </TooltipRoot>
  );
}

/**
 * The selected channel's actions (spec §2/§6): the creator invites and opens the channel's
 * settings, where deleting starts (DeleteChannelDialog: the name typed, debounced 600 ms); other
 * members quit.
 */
export function ChannelActions({ channel }: { channel: Channel }) {
  const { t } = useTranslation();

  if (!channel.isCreator) {
    return (
      <>
        <ChannelNotifyMenu channel={channel} />
        <ConfirmedAction
          label={t('channels.quit')}
          question={t('channels.quitConfirm')}
          onConfirm={() => removeChannel('quit', channel.id)}
        >
          <ActionButton
            label={t('channels.quit')}
            icon={LogOutIcon}
            danger
            data-testid={`channel-quit-${channel.id}`}
          />
        </ConfirmedAction>
      </>
    );
  }
  return (
    <>
      <ChannelNotifyMenu channel={channel} />
      <Tooltip content={t('channels.invite')}>
        <ActionButton
          label={t('channels.invite')}
          icon={UserPlusIcon}
          data-testid={`channel-invite-${channel.id}`}
          onClick={() => openInviteDialog(channel.id)}
        />
      </Tooltip>
      <Tooltip content={t('channels.edit')}>
        <ActionButton
          label={t('channels.edit')}
          icon={SettingsIcon}
          data-testid={`channel-edit-${channel.id}`}
          onClick={() => openEditChannelDialog(channel.id)}
        />
      </Tooltip>
    </>
  );
}

/** DrawShell's `renderChannelActions`. */
export function renderChannelActions(channel: Channel): ReactNode {
  return <ChannelActions channel={channel} />;
}
