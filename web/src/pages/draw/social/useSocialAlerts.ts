import { ActivityKind, DEFAULT_NOTIFY_LEVEL, type Message, type UnreadActivity } from '@draw/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { navigateTo } from '../../../lib/navigation';
import { getLiveConnection } from '../../../live/connection';
import { liveBus } from '../../../live/hooks';
import { channelsStore } from '../../../stores/channels';
import { unreadStore } from '../../../stores/unread';
import { userInfoStore } from '../../../stores/userInfo';
import { alertPrefsStore, effectiveLevel, loadAlertPrefs, wantsAlert } from './alertPrefs';
import { plainText } from './mentions';
import { playPing, showBrowserAlert } from './notifier';
import { conversationStore } from './conversation';

/** The live event may trail its notice a little: wait this long for the message's words. */
const WORDS_WAIT_MS = 300;
/** Messages of the open channel kept for their notice (by channel and seq). */
const KEPT = 50;

/**
 * Notices that reach the person while they look elsewhere: a browser notification (tab hidden)
 * and the ping when someone mentions them, or when one of their own jobs ends, as the channel's
 * level and their default allow. Mounted once by the drawing screen.
 */
export function useSocialAlerts(): void {
  const { t } = useTranslation();
  const { id: me } = useSnapshot(userInfoStore);

  useEffect(() => loadAlertPrefs(me), [me]);

  useEffect(() => {
    const recent = new Map<string, Message>();
    const offApply = liveBus.on('apply', (event) => {
      if (event.type !== 'message.created') return;
      recent.set(`${event.channelId}:${event.seq}`, event.data);
      if (recent.size > KEPT) recent.delete(recent.keys().next().value!);
    });

    function alertFor(activity: UnreadActivity) {
      const channel = channelsStore.items.find((item) => item.id === activity.channelId);
      const title = channel?.title ?? '';
      const level = effectiveLevel(
        unreadStore.byChannel[activity.channelId]?.notify ?? DEFAULT_NOTIFY_LEVEL,
        alertPrefsStore.level,
      );
      if (!wantsAlert(level, activity.mentionsMe)) return;
      const message = recent.get(`${activity.channelId}:${activity.seq}`);
      const nameOf = (id: string) => conversationStore.members.find((member) => member.userId === id)?.name;
      const result = activity.kind === ActivityKind.Result;
      const shown = showBrowserAlert({
        tag: `${activity.channelId}:${activity.seq}`,
        title: result
          ? t('social.notify.jobDone', { channel: title })
          : activity.mentionsMe
            ? t('social.notify.mentioned', {
                name: message?.author.name ?? t('social.notify.someone'),
                channel: title,
              })
            : t('social.notify.newMessage', {
                name: message?.author.name ?? t('social.notify.someone'),
                channel: title,
              }),
        body: result
          ? t('social.notify.jobDoneBody')
          : message
            ? plainText(message.content, nameOf).slice(0, 200)
            : t('social.notify.openToRead'),
        onClick: () => void navigateTo(`/draw/${activity.channelId}`),
      });
      const elsewhere = shown || conversationStore.channelId !== activity.channelId;
      if (alertPrefsStore.sound && elsewhere && (activity.mentionsMe || result)) playPing();
    }

    const stop = getLiveConnection().listen({
      unreadActivity: (activity) => {
        if (activity.authorId === me && activity.kind !== ActivityKind.Result) return;
        window.setTimeout(() => alertFor(activity), WORDS_WAIT_MS);
      },
    });
    return () => {
      offApply();
      stop();
    };
  }, [me, t]);
}
