import type {
  BanRequest,
  Channel,
  ChannelBan,
  ChannelDetail,
  ChannelRequest,
  InviteCodeRequest,
  InviteInfo,
  PublicInvite,
} from '@draw/shared';
import { api } from '../../../lib/api';
import { call } from '../../../lib/http';

/** The channel, invite and member calls (spec §7); every failure throws `HttpError`. */
const routes = api.channels;

/** The browser's time zone, so the server writes the invite expiry in the user's local time. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const channelApi = {
  create: (body: ChannelRequest): Promise<Channel> => call(routes.create, { body }),
  update: (id: string, body: ChannelRequest): Promise<Channel> =>
    call(routes.update, { params: { id }, body }),
  detail: (id: string): Promise<ChannelDetail> => call(routes.detail, { params: { id } }),
  async remove(id: string): Promise<void> {
    await call(routes.remove, { params: { id } });
  },
  async quit(id: string): Promise<void> {
    await call(routes.quit, { params: { id } });
  },
  async removeMember(channelId: string, userId: string): Promise<void> {
    await call(routes.removeMember, { params: { channelId, userId } });
  },
  /** A kick plus a record: the user cannot rejoin with any invite until unbanned. */
  async ban(channelId: string, body: BanRequest): Promise<void> {
    await call(routes.ban, { params: { id: channelId }, body });
  },
  async unban(channelId: string, userId: string): Promise<void> {
    await call(routes.unban, { params: { id: channelId, userId } });
  },
  bans: (channelId: string): Promise<ChannelBan[]> => call(routes.bans, { params: { id: channelId } }),
  invite(channelId: string, body: InviteCodeRequest = {}): Promise<InviteInfo> {
    const zone = browserTimeZone();
    return call(routes.invite, {
      params: { channelId },
      body,
      headers: zone ? { 'X-Time-Zone': zone } : undefined,
    });
  },
  join: (code: string): Promise<Channel> => call(routes.join, { params: { code } }),
  /** Public: what an invite leads to (`channelId` only when the asker is already a member). */
  publicInvite: (code: string): Promise<PublicInvite> => call(api.login.invitePreview, { params: { code } }),
};
