import {
  isEnvelope,
  type BanRequest,
  type Channel,
  type ChannelBan,
  type ChannelDetail,
  type ChannelRequest,
  type InviteCodeRequest,
  type InviteInfo,
  type PublicInvite,
} from '@draw/shared';
import { http } from '../../../lib/http';

/**
 * The channel, invite and member calls (spec §7). The HTTP client returns a 404/500 envelope as
 * its raw body instead of throwing; these calls turn that into `ChannelCallError` so callers only
 * deal with "answered" or "threw".
 */
export class ChannelCallError extends Error {
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'ChannelCallError';
  }
}

function failedEnvelope(answer: unknown): ChannelCallError | null {
  if (isEnvelope(answer) && !answer.success) return new ChannelCallError(answer.message, answer.code);
  return null;
}

function answerOf<T>(answer: unknown, valid: (value: unknown) => boolean): T {
  const failure = failedEnvelope(answer);
  if (failure) throw failure;
  if (!valid(answer)) throw new ChannelCallError('');
  return answer as T;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isChannel = (value: unknown) => isObject(value) && typeof value.id === 'string' && typeof value.title === 'string';
const isDetail = (value: unknown) => isChannel(value) && Array.isArray((value as Record<string, unknown>).members);
const isInvite = (value: unknown) => isObject(value) && typeof value.inviteCode === 'string';
const isPublicInvite = (value: unknown) => isObject(value) && typeof value.valid === 'boolean';
const isBanList = (value: unknown) =>
  Array.isArray(value) && value.every((ban) => isObject(ban) && typeof ban.userId === 'string' && typeof ban.name === 'string');
const anything = () => true;

/** The browser's time zone, so the server writes the invite expiry in the user's local time. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const channelApi = {
  async create(body: ChannelRequest): Promise<Channel> {
    return answerOf<Channel>(await http.post('/api/draw/channel', body), isChannel);
  },
  async update(id: string, body: ChannelRequest): Promise<Channel> {
    return answerOf<Channel>(await http.put(`/api/draw/channel/${encodeURIComponent(id)}`, body), isChannel);
  },
  async detail(id: string): Promise<ChannelDetail> {
    return answerOf<ChannelDetail>(await http.get(`/api/draw/channel/${encodeURIComponent(id)}`), isDetail);
  },
  async remove(id: string): Promise<void> {
    answerOf(await http.delete(`/api/draw/channel/${encodeURIComponent(id)}`), anything);
  },
  async quit(id: string): Promise<void> {
    answerOf(await http.post(`/api/draw/quit-channel/${encodeURIComponent(id)}`), anything);
  },
  async removeMember(channelId: string, userId: string): Promise<void> {
    answerOf(await http.post(`/api/draw/remove-user/${encodeURIComponent(channelId)}/${encodeURIComponent(userId)}`), anything);
  },
  /** A kick plus a record: the user cannot rejoin with any invite until unbanned. */
  async ban(channelId: string, body: BanRequest): Promise<void> {
    answerOf(await http.post(`/api/draw/channel/${encodeURIComponent(channelId)}/ban`, body), anything);
  },
  async unban(channelId: string, userId: string): Promise<void> {
    answerOf(await http.delete(`/api/draw/channel/${encodeURIComponent(channelId)}/ban/${encodeURIComponent(userId)}`), anything);
  },
  async bans(channelId: string): Promise<ChannelBan[]> {
    return answerOf<ChannelBan[]>(await http.get(`/api/draw/channel/${encodeURIComponent(channelId)}/bans`), isBanList);
  },
  async invite(channelId: string, body: InviteCodeRequest = {}): Promise<InviteInfo> {
    const zone = browserTimeZone();
    const answer = await http.post(`/api/draw/invite-code/${encodeURIComponent(channelId)}`, body, {
      headers: zone ? { 'X-Time-Zone': zone } : undefined,
    });
    return answerOf<InviteInfo>(answer, isInvite);
  },
  async join(code: string): Promise<Channel> {
    return answerOf<Channel>(await http.post(`/api/draw/join-channel/${encodeURIComponent(code)}`), isChannel);
  },
  /** Public: what an invite leads to (`channelId` only when the asker is already a member). */
  async publicInvite(code: string): Promise<PublicInvite> {
    return answerOf<PublicInvite>(await http.get(`/api/login/channel/${encodeURIComponent(code)}`), isPublicInvite);
  },
};
