import { useTranslation } from 'react-i18next';
import { isExpectedLeave } from '../../../live/channelSession';
import { useChannelLeft } from '../../../live/hooks';
import { notify } from '../../../lib/notify';
import { closeEditChannelDialog, closeInviteDialog, drawDialogs } from '../drawDialogs';

/**
 * When the user loses a channel they did not delete or quit here (its creator deleted it, they
 * were removed, access was refused): say so, and close the dialogs about it. The session has
 * already selected another channel.
 */
export function useLeaveToasts(): void {
  const { t } = useTranslation();
  useChannelLeft((channelId, reason, title) => {
    if (drawDialogs.editChannelId === channelId) closeEditChannelDialog();
    if (drawDialogs.inviteChannelId === channelId) closeInviteDialog();
    if (isExpectedLeave(channelId)) return;
    const name = title ?? t('channels.unknownChannel');
    if (reason === 'deleted') notify.warning(t('channels.deletedToast', { title: name }));
    else if (reason === 'removed') notify.warning(t('channels.removedToast', { title: name }));
    else if (reason === 'denied') notify.warning(t('channels.deniedToast', { title: name }));
  });
}
