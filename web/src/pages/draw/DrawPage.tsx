import { DrawShell } from './DrawShell';
import { openCreateChannelDialog } from './drawDialogs';
import { ChannelMain } from './main/ChannelMain';

/**
 * /draw/:uuid? and /chat/:uuid — the composition root of the drawing screen.
 *
 * Hook points for the other features:
 * - Create channel: the add-channel button calls `onCreateChannel`, which opens
 *   `drawDialogs.createChannel` (drawDialogs.ts). Mount the create-channel dialog here, bound to
 *   `drawDialogs.createChannel` / `setCreateChannelDialogOpen`, and call `loadChannels()`
 *   (stores/channels.ts) after saving.
 * - Selected channel actions (invite, edit, delete / quit): pass `renderChannelActions`.
 * - Message list and composer: replace the body of `ChannelMain` (main/ChannelMain.tsx), keeping
 *   `data-testid="channel-main"`; the current channel is `chatStore.currentChannel`.
 */
export function DrawPage() {
  return <DrawShell onCreateChannel={openCreateChannelDialog} main={<ChannelMain onCreateChannel={openCreateChannelDialog} />} />;
}
