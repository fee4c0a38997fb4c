import { useCallback, useEffect, useRef, useState } from 'react';
import { useChannelEvents, useFeedReload } from '../../../live/hooks';
import { channelApi } from './api';
import {
  applyMemberEvent,
  emptyMemberList,
  isMemberEvent,
  receiveDetail,
  type MemberListState,
} from './memberList';

/**
 * The members of `channelId`, live: loaded over REST when the channel opens and whenever the
 * feed asks for a reload, then kept up to date by `member.*` events.
 */
export function useChannelMembers(channelId: string | null) {
  const [state, setState] = useState<MemberListState | null>(null);
  const active = useRef(channelId);

  useEffect(() => {
    active.current = channelId;
  }, [channelId]);

  const load = useCallback(() => {
    if (!channelId) return Promise.resolve();
    const forThis = (current: MemberListState | null) =>
      current?.channelId === channelId ? current : emptyMemberList(channelId);
    return channelApi.detail(channelId).then(
      (detail) => {
        if (active.current === channelId) setState((current) => receiveDetail(forThis(current), detail));
      },
      () => {
        // The panel offers a retry; a channel we lost is handled by the session.
        if (active.current === channelId) setState((current) => ({ ...forThis(current), status: 'error' }));
      },
    );
  }, [channelId]);

  useEffect(() => {
    void load();
  }, [load]);

  useFeedReload(channelId, () => void load());

  useChannelEvents(channelId, (event) => {
    if (!channelId || !isMemberEvent(event)) return;
    setState((current) =>
      applyMemberEvent(current?.channelId === channelId ? current : emptyMemberList(channelId), event),
    );
  });

  // Until the first answer for this channel, it is loading (never the previous channel's list).
  const shown =
    channelId && state?.channelId === channelId ? state : channelId ? emptyMemberList(channelId) : null;
  return { state: shown, reload: load };
}
