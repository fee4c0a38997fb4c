import { proxy } from 'valtio';

/**
 * Which dialogs of the drawing screen are open. The shell opens settings and subscribe itself;
 * the channel dialogs (create, edit, invite) are mounted in DrawPage.tsx.
 */
export const drawDialogs = proxy({
  settings: false,
  /** Opened from 编辑服务器个人资料: the dialog starts in the profile, its name field focused. */
  settingsFocusProfile: false,
  subscribe: false,
  createChannel: false,
  /** The channel being edited (修改频道), or null. */
  editChannelId: null as string | null,
  /** The channel whose invite dialog is open, or null. */
  inviteChannelId: null as string | null,
});

export function openSettingsDialog(): void {
  drawDialogs.settingsFocusProfile = false;
  drawDialogs.settings = true;
}
/** The 编辑服务器个人资料 entries: the same dialog, at the profile (what the entry edits). */
export function openProfileSettings(): void {
  drawDialogs.settingsFocusProfile = true;
  drawDialogs.settings = true;
}
export function setSettingsDialogOpen(open: boolean): void {
  drawDialogs.settings = open;
}
export function openSubscribeDialog(): void {
  drawDialogs.subscribe = true;
}
export function setSubscribeDialogOpen(open: boolean): void {
  drawDialogs.subscribe = open;
}
/** The add-channel button (`channel-add`) calls this by default. */
export function openCreateChannelDialog(): void {
  drawDialogs.createChannel = true;
}
export function setCreateChannelDialogOpen(open: boolean): void {
  drawDialogs.createChannel = open;
}
export function openEditChannelDialog(channelId: string): void {
  drawDialogs.editChannelId = channelId;
}
export function closeEditChannelDialog(): void {
  drawDialogs.editChannelId = null;
}
export function openInviteDialog(channelId: string): void {
  drawDialogs.inviteChannelId = channelId;
}
export function closeInviteDialog(): void {
  drawDialogs.inviteChannelId = null;
}
