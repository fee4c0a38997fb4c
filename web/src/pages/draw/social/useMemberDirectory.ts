import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { call } from '../../../lib/http';
import { setMembers } from './conversation';

/**
 * The open channel's members for the conversation (names of mentions and reactions, the composer's
 * `@` list): read once when the channel's feed has loaded. The member panel keeps its own live list.
 */
export function useMemberDirectory(channelId: string, feedReady: boolean): void {
  useEffect(() => {
    // After the feed's first page: the messages come first, the names a moment later.
    if (!feedReady) return;
    let current = true;
    // Silent: names are a nicety; a failure leaves mentions as "@…" and shows nothing.
    call(api.channels.detail, { params: { id: channelId }, silent: true }).then(
      (detail) => {
        if (current && detail?.members) setMembers(detail.members);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [channelId, feedReady]);
}
