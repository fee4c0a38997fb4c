import Type from 'typebox';
import { INVITE_EXPIRE_HOURS, Limits } from '../constants';
import { routePaths } from './paths';
import { Access, MINUTE_MS, RatePer, route } from './route';
import {
  ChannelBanSchema,
  ChannelDetailSchema,
  ChannelSchema,
  EngineInfoSchema,
  Id,
  ImageEngineNameSchema,
  InviteInfoSchema,
  Nothing,
} from './schemas';

const tag = 'channels';
const IdParams = Type.Object({ id: Id });
const ChannelBody = Type.Object(
  {
    title: Type.String({ maxLength: 200 }),
    isBan: Type.Boolean(),
    // The channel's default engine (creator only); null = the site's default; absent = unchanged.
    engine: Type.Optional(Type.Union([ImageEngineNameSchema, Type.Null()])),
    // Whether any member (not only a result's author) may make a public link to it; absent = unchanged.
    membersMayShare: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const ExpireHours = Type.Enum([...INVITE_EXPIRE_HOURS]);

export const channelRoutes = {
  list: route({
    ...routePaths.channels.list,
    access: Access.SignedIn,
    tag,
    answer: Type.Array(ChannelSchema),
  }),
  // Creating is cheap for the creator and costly for everyone after (lists, the archive): a few a minute
  // (the cap on channels a person owns, Limits.channelsOwnedMax, bounds the total).
  create: route({
    ...routePaths.channels.create,
    access: Access.SignedIn,
    tag,
    bounds: { rate: { max: 20, windowMs: MINUTE_MS, per: RatePer.User } },
    body: ChannelBody,
    answer: ChannelSchema,
  }),
  update: route({
    ...routePaths.channels.update,
    access: Access.Creator,
    tag,
    params: IdParams,
    body: ChannelBody,
    answer: ChannelSchema,
  }),
  detail: route({
    ...routePaths.channels.detail,
    access: Access.Member,
    tag,
    params: IdParams,
    answer: ChannelDetailSchema,
  }),
  remove: route({
    ...routePaths.channels.remove,
    access: Access.Creator,
    tag,
    params: IdParams,
    answer: Nothing,
  }),
  invite: route({
    ...routePaths.channels.invite,
    access: Access.Creator,
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
  join: route({
    ...routePaths.channels.join,
    access: Access.SignedIn,
    tag,
    params: Type.Object({ code: Id }),
    answer: ChannelSchema,
  }),
  quit: route({ ...routePaths.channels.quit, access: Access.Member, tag, params: IdParams, answer: Nothing }),
  // A kick: the removed member may come back with a usable invite.
  removeMember: route({
    ...routePaths.channels.removeMember,
    access: Access.Creator,
    tag,
    params: Type.Object({ channelId: Id, userId: Id }),
    answer: Nothing,
  }),
  // A removal that sticks: no invite lets the user back in until it is lifted.
  ban: route({
    ...routePaths.channels.ban,
    access: Access.Creator,
    tag,
    params: IdParams,
    // The reason's own rule (code points, no control characters) is the service's; this bounds the body.
    body: Type.Object(
      { userId: Id, reason: Type.Optional(Type.String({ maxLength: 2 * Limits.banReasonMaxChars })) },
      { additionalProperties: false },
    ),
    answer: Nothing,
  }),
  unban: route({
    ...routePaths.channels.unban,
    access: Access.Creator,
    tag,
    params: Type.Object({ id: Id, userId: Id }),
    answer: Nothing,
  }),
  bans: route({
    ...routePaths.channels.bans,
    access: Access.Creator,
    tag,
    params: IdParams,
    answer: Type.Array(ChannelBanSchema),
  }),
} as const;

/** The engines the site has enabled, for the composer's picker and the channel's settings. */
export const engineRoutes = {
  list: route({
    ...routePaths.engines.list,
    access: Access.SignedIn,
    tag: 'engines',
    summary:
      'The enabled drawing engines: name, what each offers, the default, availability (last probe) and prices',
    answer: Type.Object({ engines: Type.Array(EngineInfoSchema) }),
  }),
} as const;
