import { useState } from 'react';
import type { Channel } from '@draw/shared';
import { useMutedIn } from '../muted';

/**
 * Whether the person may not post here. The server's word wins over a stale channel: a 423
 * `channel_muted` mutes the composer until the channel's mute setting changes.
 */
export function useComposerMute(channel: Channel): { muted: boolean; mutedByServer(): void } {
  const [serverMuted, setServerMuted] = useState(false);
  const [seenBan, setSeenBan] = useState(channel.isBan);
  if (seenBan !== channel.isBan) {
    setSeenBan(channel.isBan);
    setServerMuted(false);
  }
  return { muted: useMutedIn(channel) || serverMuted, mutedByServer: () => setServerMuted(true) };
}
