import i18n from '../../../i18n';
import { cancelChannelLeave, channelRemovedHere, expectChannelLeave } from '../../../live/channelSession';
import { notify } from '../../../lib/notify';
import { loadChannels } from '../../../stores/channels';
import { channelApi } from './api';

export type Removal = 'delete' | 'quit';

/**
 * Deletes (creator) or quits (member) a channel: toasts 删除成功/删除失败 or 退出成功/退出失败,
 * takes it out of the list at once and reloads the list (spec §4). Resolves either way.
 */
export async function removeChannel(kind: Removal, channelId: string): Promise<boolean> {
  // Our own socket may report the deletion before the REST answer: that is no news to this user.
  expectChannelLeave(channelId);
  try {
    if (kind === 'delete') await channelApi.remove(channelId);
    else await channelApi.quit(channelId);
  } catch {
    cancelChannelLeave(channelId);
    notify.error(i18n.t(kind === 'delete' ? 'common.deleteFailed' : 'common.quitFailed'));
    return false;
  }
  notify.success(i18n.t(kind === 'delete' ? 'common.deleteSuccess' : 'common.quitSuccess'));
  channelRemovedHere(channelId);
  void loadChannels();
  return true;
}
