import type { ChannelBan } from '@draw/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useChannelEvents, useFeedReload } from '../../../live/hooks';
import { channelApi } from './api';

export interface BansState {
  channelId: string;
  bans: ChannelBan[];
  status: 'loading' | 'ready' | 'error';
}

/**
 * The users banned from `channelId`, for its creator only (others are never asked: the server
 * refuses them). Bans are not live events: the list loads when the channel opens, when the feed
 * asks for a reload, after any removal (a ban from another tab is one) and by `reload` after this
 * tab bans or unbans.
 */
export function useChannelBans(channelId: string | null, isCreator: boolean) {
  const [state, setState] = useState<BansState | null>(null);
  const active = useRef(channelId);

  useEffect(() => {
    active.current = channelId;
  }, [channelId]);

  const load = useCallback(() => {
    if (!channelId || !isCreator) return Promise.resolve();
    const keep = (current: BansState | null): ChannelBan[] =>
      current?.channelId === channelId ? current.bans : [];
    return channelApi.bans(channelId).then(
      (bans) => {
        if (active.current === channelId) setState({ channelId, bans, status: 'ready' });
      },
      () => {
        if (active.current === channelId)
          setState((current) => ({ channelId, bans: keep(current), status: 'error' }));
      },
    );
  }, [channelId, isCreator]);

  useEffect(() => {
    void load();
  }, [load]);

  useFeedReload(channelId, () => void load());

  useChannelEvents(channelId, (event) => {
    if (event.type === 'member.removed') void load();
  });

  const shown = isCreator && channelId && state?.channelId === channelId ? state : null;
  return { state: shown, reload: load };
}
