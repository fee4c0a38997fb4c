import type { Channel } from '@draw/shared';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { lazyWhenOpen } from '../../components/app/lazyWhenOpen';
import { channelsStore, loadChannels } from '../../stores/channels';
import { renderChannelActions } from './channels/ChannelActions';
import { ChannelHeaderActions } from './channels/ChannelHeaderActions';
import { MemberPanel } from './channels/MemberPanel';
import { useLeaveToasts } from './channels/useLeaveToasts';
import { DrawShell } from './DrawShell';
import {
  closeEditChannelDialog,
  closeInviteDialog,
  drawDialogs,
  openCreateChannelDialog,
  setCreateChannelDialogOpen,
} from './drawDialogs';
import { ChannelMain } from './main/ChannelMain';

// Opened on demand: their code loads on first open, not with the page.
const ChannelFormDialog = lazyWhenOpen(
  async () => (await import('./channels/ChannelFormDialog')).ChannelFormDialog,
  (p) => p.open,
);
const InviteDialog = lazyWhenOpen(
  async () => (await import('./channels/InviteDialog')).InviteDialog,
  (p) => p.channel !== null,
);

/**
 * /draw/:uuid? and /chat/:uuid — the composition root of the drawing screen.
 *
 * - Channels: the list, the selection and the live feed run in the channel session
 *   (live/channelSession.ts, started by `useChannelSelection`). The create/edit and invite
 *   dialogs, the selected row's actions, the header's mute badge and member toggle, and the
 *   member list column live in `./channels/`.
 * - Message list and composer: the body of `ChannelMain` (main/ChannelMain.tsx), keeping
 *   `data-testid="channel-main"`; the current channel is `useCurrentChannel()`, and the feed
 *   comes through the hooks in live/hooks.ts.
 */
export function DrawPage() {
  const navigate = useNavigate();
  const dialogs = useSnapshot(drawDialogs);
  const { items } = useSnapshot(channelsStore);
  useLeaveToasts();

  const byId = (id: string | null): Channel | null =>
    id ? (items.find((channel) => channel.id === id) ?? null) : null;
  const editing = byId(dialogs.editChannelId);
  const inviting = byId(dialogs.inviteChannelId);

  async function onCreated(channel: Channel) {
    // Spec §4: reload the list; then show the new channel.
    void navigate(`/draw/${channel.id}`);
    await loadChannels();
  }

  return (
    <>
      <DrawShell
        onCreateChannel={openCreateChannelDialog}
        main={<ChannelMain onCreateChannel={openCreateChannelDialog} />}
        renderChannelActions={renderChannelActions}
        headerActions={<ChannelHeaderActions />}
        aside={<MemberPanel />}
      />
      <ChannelFormDialog
        open={dialogs.createChannel}
        onOpenChange={setCreateChannelDialogOpen}
        onSaved={(channel) => void onCreated(channel)}
      />
      <ChannelFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && closeEditChannelDialog()}
        channel={editing}
        onSaved={() => void loadChannels()}
      />
      <InviteDialog channel={inviting} onClose={closeInviteDialog} />
    </>
  );
}
