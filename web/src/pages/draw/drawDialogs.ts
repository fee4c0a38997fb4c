import { proxy } from 'valtio';

/**
 * Which dialogs of the drawing screen are open. The shell opens settings and subscribe itself;
 * `createChannel` is the hook point for the create-channel dialog (see DrawPage.tsx).
 */
export const drawDialogs = proxy({
  settings: false,
  subscribe: false,
  createChannel: false,
});

export function openSettingsDialog(): void {
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
