import type { CreditsChanged, ImageHidden, PauseChanged, SiteAnnouncement } from '@draw/shared';
import { userRoomOf } from '../../realtime/hub';
import type { SocketServer } from '../../realtime/socket';

/**
 * The console's live events: to one person's sockets (`credits:changed`, `moderation:pause`) or to every socket
 * (`site:announcement`, `image:hidden`). The socket server is made after the services, so it is
 * attached later; before that (and in tools) the events go nowhere.
 */
export function siteEvents() {
  let io: SocketServer | null = null;
  return {
    attach(server: SocketServer): void {
      io = server;
    },
    credits(userId: string, change: CreditsChanged): void {
      io?.to(userRoomOf(userId)).emit('credits:changed', change);
    },
    pause(userId: string, change: PauseChanged): void {
      io?.to(userRoomOf(userId)).emit('moderation:pause', change);
    },
    announcement(announcement: SiteAnnouncement): void {
      io?.emit('site:announcement', announcement);
    },
    hidden(change: ImageHidden): void {
      io?.emit('image:hidden', change);
    },
  };
}
export type SiteEvents = ReturnType<typeof siteEvents>;
