import type { Channel } from '@draw/shared';
import { proxy } from 'valtio';
import { api } from '../lib/api';
import { call } from '../lib/http';

export type ChannelListStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ChannelsState {
  items: Channel[];
  status: ChannelListStatus;
}

/**
 * The channels the current user belongs to: the one list views read (`useChannelList()`,
 * `findChannel`). While the drawing screen is open its one writer is the channel session
 * (live/channelSession.ts), which publishes its machine's list here as is (no copy) and keeps it
 * in step with the live feed; otherwise `loadChannels()` writes it.
 */
export const channelsStore = proxy<ChannelsState>({ items: [], status: 'idle' });

/** GET /api/draw/channels; every failure throws `HttpError`. */
export function fetchChannels(): Promise<Channel[]> {
  return call(api.channels.list);
}

type Reloader = () => Promise<Channel[]>;
let reloader: Reloader | null = null;

/** The channel session routes `loadChannels()` through itself while it runs (`null` to stop). */
export function setChannelsReloader(next: Reloader | null): void {
  reloader = next;
}

/** (Re)loads the channel list; call it after creating, editing, deleting or quitting a channel. */
export async function loadChannels(): Promise<Channel[]> {
  if (reloader) return reloader();
  channelsStore.status = 'loading';
  try {
    const answer = await fetchChannels();
    channelsStore.items = answer;
    channelsStore.status = 'ready';
    return answer;
  } catch {
    // Keep the list as it was.
    channelsStore.status = 'error';
    return channelsStore.items;
  }
}

/** Spec §4: the channel named by the route if it is in the list, otherwise the first channel. */
export function pickChannel<T extends Pick<Channel, 'id'>>(
  channels: readonly T[],
  uuid: string | undefined,
): T | null {
  return channels.find((channel) => channel.id === uuid) ?? channels[0] ?? null;
}

/** The listed channel with this id, if any. */
export function findChannel(id: string | null | undefined): Channel | null {
  if (!id) return null;
  return channelsStore.items.find((channel) => channel.id === id) ?? null;
}
