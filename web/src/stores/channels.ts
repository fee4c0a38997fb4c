import type { Channel } from '@draw/shared';
import { proxy } from 'valtio';
import { http } from '../lib/http';

export type ChannelListStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ChannelsState {
  items: Channel[];
  status: ChannelListStatus;
}

/** The channels the current user belongs to (GET /api/draw/channels). */
export const channelsStore = proxy<ChannelsState>({ items: [], status: 'idle' });

/** (Re)loads the channel list; call it after creating, editing, deleting or quitting a channel. */
export async function loadChannels(): Promise<Channel[]> {
  channelsStore.status = 'loading';
  try {
    const answer = await http.get<Channel[]>('/api/draw/channels');
    // A 404/500 envelope comes back as the raw body (spec §8): keep the list as it was.
    if (!Array.isArray(answer)) {
      channelsStore.status = 'error';
      return channelsStore.items;
    }
    channelsStore.items = answer;
    channelsStore.status = 'ready';
    return answer;
  } catch {
    channelsStore.status = 'error';
    return channelsStore.items;
  }
}

/** Spec §4: the channel named by the route if it is in the list, otherwise the first channel. */
export function pickChannel<T extends Pick<Channel, 'id'>>(channels: readonly T[], uuid: string | undefined): T | null {
  return channels.find((channel) => channel.id === uuid) ?? channels[0] ?? null;
}
