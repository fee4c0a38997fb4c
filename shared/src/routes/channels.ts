import Type from 'typebox';
import { INVITE_EXPIRE_HOURS, Limits } from '../constants';
import { Caller, HttpMethod, route } from './route';
import { ChannelBanSchema, ChannelDetailSchema, ChannelSchema, Id, InviteInfoSchema, Nothing } from './schemas';

const tag = 'channels';
const caller = Caller.User;
const IdParams = Type.Object({ id: Id });
const ChannelBody = Type.Object({ title: Type.String({ maxLength: 200 }), isBan: Type.Boolean() }, { additionalProperties: false });
const ExpireHours = Type.Enum([...INVITE_EXPIRE_HOURS]);

export const channelRoutes = {
  list: route({ method: HttpMethod.Get, path: '/api/draw/channels', caller, tag, answer: Type.Array(ChannelSchema) }),
  create: route({ method: HttpMethod.Post, path: '/api/draw/channel', caller, tag, body: ChannelBody, answer: ChannelSchema }),
  update: route({ method: HttpMethod.Put, path: '/api/draw/channel/:id', caller, tag, params: IdParams, body: ChannelBody, answer: ChannelSchema }),
  detail: route({ method: HttpMethod.Get, path: '/api/draw/channel/:id', caller, tag, params: IdParams, answer: ChannelDetailSchema }),
  remove: route({ method: HttpMethod.Delete, path: '/api/draw/channel/:id', caller, tag, params: IdParams, answer: Nothing }),
  invite: route({
    method: HttpMethod.Post,
    path: '/api/draw/invite-code/:channelId',
    caller,
    tag,
    params: Type.Object({ channelId: Id }),
    // No body (or `{}`): the current code; `isNew`: a fresh one.
    body: Type.Optional(
      Type.Union([
        Type.Object({ isNew: Type.Literal(true), expireHours: ExpireHours }, { additionalProperties: false }),
        Type.Object({ expireHours: ExpireHours }, { additionalProperties: false }),
        // Typed as InviteCodeRequest's `Record<string, never>` (an empty object literal is `object` to TypeBox).
        Type.Unsafe<Record<string, never>>(Type.Object({}, { additionalProperties: false })),
        Type.Null(),
      ]),
    ),
    answer: InviteInfoSchema,
  }),
  join: route({ method: HttpMethod.Post, path: '/api/draw/join-channel/:code', caller, tag, params: Type.Object({ code: Id }), answer: ChannelSchema }),
  quit: route({ method: HttpMethod.Post, path: '/api/draw/quit-channel/:id', caller, tag, params: IdParams, answer: Nothing }),
  // A kick: the removed member may come back with a usable invite.
  removeMember: route({
    method: HttpMethod.Post,
    path: '/api/draw/remove-user/:channelId/:userId',
    caller,
    tag,
    params: Type.Object({ channelId: Id, userId: Id }),
    answer: Nothing,
  }),
  // A removal that sticks: no invite lets the user back in until it is lifted.
  ban: route({
    method: HttpMethod.Post,
    path: '/api/draw/channel/:id/ban',
    caller,
    tag,
    params: IdParams,
    // The reason's own rule (code points, no control characters) is the service's; this bounds the body.
    body: Type.Object({ userId: Id, reason: Type.Optional(Type.String({ maxLength: 2 * Limits.banReasonMaxChars })) }, { additionalProperties: false }),
    answer: Nothing,
  }),
  unban: route({ method: HttpMethod.Delete, path: '/api/draw/channel/:id/ban/:userId', caller, tag, params: Type.Object({ id: Id, userId: Id }), answer: Nothing }),
  bans: route({ method: HttpMethod.Get, path: '/api/draw/channel/:id/bans', caller, tag, params: IdParams, answer: Type.Array(ChannelBanSchema) }),
} as const;
