import type { Message, Task } from '@draw/shared';
import { proxy } from 'valtio';

/** The channel being shown. `uuid` is the channel id (spec §3: the client derives uuid from id). */
export interface CurrentChannel {
  uuid: string;
  title: string;
}

/** One row of the message list; `data` is filled in when the message (and its task) are known. */
export interface ChatItem {
  id: string;
  data?: { message: Message; task?: Task | null };
}

export interface ChatState {
  currentChannel: CurrentChannel | null;
  items: ChatItem[];
}

export const chatStore = proxy<ChatState>({ currentChannel: null, items: [] });

/** Shows another channel: its message list starts empty (spec §4). */
export function setCurrentChannel(channel: CurrentChannel | null): void {
  const changed = chatStore.currentChannel?.uuid !== channel?.uuid;
  chatStore.currentChannel = channel;
  if (changed) chatStore.items = [];
}

/** Keeps the title in step when the current channel is renamed. */
export function setCurrentChannelTitle(title: string): void {
  if (chatStore.currentChannel) chatStore.currentChannel.title = title;
}

export function setChatItems(items: ChatItem[]): void {
  chatStore.items = items;
}

export function clearChatItems(): void {
  chatStore.items = [];
}
