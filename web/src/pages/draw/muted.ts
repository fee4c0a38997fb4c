import type { Channel } from '@draw/shared';
import { useSnapshot } from 'valtio';
import { userInfoStore } from '../../stores/userInfo';

/** Everything everyone may do is refused to a non-admin member of a muted channel (decisions.md "Channels"). */
export function isMutedFor(channel: Pick<Channel, 'isBan' | 'isCreator'>, isSiteAdmin: boolean): boolean {
  return channel.isBan && !channel.isCreator && !isSiteAdmin;
}

/** Whether the signed-in user is muted in `channel` (the server refuses their posts and actions). */
export function useMutedIn(channel: Pick<Channel, 'isBan' | 'isCreator'>): boolean {
  const { isAdmin } = useSnapshot(userInfoStore);
  return isMutedFor(channel, isAdmin);
}
