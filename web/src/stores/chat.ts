import type { Channel } from '@draw/shared';
import { proxy } from 'valtio';

/**
 * The channel on screen, by id; its one writer is the channel session (live/channelSession.ts).
 * Its title and flags are the list's (`channelsStore`), read through `currentChannelOf` (or the
 * `useCurrentChannel()` hook), so a rename shows at once and nothing keeps a second copy.
 * The message items of spec §3's chat state are the feed's own (`useFeed` in pages/draw/main/ChannelFeed.tsx).
 */
export interface ChatState {
  currentChannelId: string | null;
}

export const chatStore = proxy<ChatState>({ currentChannelId: null });

/** The channel session selected another channel (`null`: nothing to show). */
export function setCurrentChannel(channelId: string | null): void {
  if (chatStore.currentChannelId !== channelId) chatStore.currentChannelId = channelId;
}

/** The current channel's entry in `channels` (the list), or null. */
export function currentChannelOf(channels: readonly Channel[], chat: Readonly<ChatState>): Channel | null {
  const id = chat.currentChannelId;
  return id ? (channels.find((channel) => channel.id === id) ?? null) : null;
}
