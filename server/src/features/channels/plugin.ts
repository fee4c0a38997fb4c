import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { INVITE_EXPIRE_HOURS, Limits, type BanRequest, type ChannelRequest, type InviteCodeRequest } from '@draw/shared';
import { currentUser, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { schemaOf } from '../../http/schema';
import { languageOf } from '../../i18n/messages';
import { resolveTimeZone } from './format';
import type { ChannelsService, Reader } from './service';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const IdParams = Type.Object({ id: Id });
const ChannelBody = schemaOf<ChannelRequest>()(
  Type.Object({ title: Type.String({ maxLength: 200 }), isBan: Type.Boolean() }, { additionalProperties: false }),
);
const BanBody = schemaOf<BanRequest>()(
  // The reason's own rule (code points, no control characters) is the service's; this bounds the body.
  Type.Object({ userId: Id, reason: Type.Optional(Type.String({ maxLength: 2 * Limits.banReasonMaxChars })) }, { additionalProperties: false }),
);
const ExpireHours = Type.Enum([...INVITE_EXPIRE_HOURS]);
const InviteBody = Type.Union([
  Type.Object({ isNew: Type.Literal(true), expireHours: ExpireHours }, { additionalProperties: false }),
  Type.Object({ expireHours: ExpireHours }, { additionalProperties: false }),
  Type.Object({}, { additionalProperties: false }),
  Type.Null(),
]);

function readerOf(request: FastifyRequest): Reader {
  const language = languageOf(request.headers['accept-language']);
  const zone = request.headers['x-time-zone'];
  return { language, timeZone: resolveTimeZone(typeof zone === 'string' ? zone : undefined, language) };
}

export const channelsPlugin: FastifyPluginAsync<{ channels: ChannelsService }> = async (app, { channels }) => {
  const guarded = { preHandler: requireUser };

  app.get('/api/draw/channels', { ...guarded, schema: { tags: ['channels'] } }, async (request) =>
    ok(await channels.list(currentUser(request)._id)),
  );

  app.post('/api/draw/channel', { ...guarded, schema: { tags: ['channels'], body: ChannelBody } }, async (request) =>
    ok(await channels.create(currentUser(request)._id, request.body as ChannelRequest)),
  );

  app.put('/api/draw/channel/:id', { ...guarded, schema: { tags: ['channels'], params: IdParams, body: ChannelBody } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await channels.update(currentUser(request)._id, id, request.body as ChannelRequest));
  });

  app.get('/api/draw/channel/:id', { ...guarded, schema: { tags: ['channels'], params: IdParams } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await channels.detail(currentUser(request)._id, id));
  });

  app.delete('/api/draw/channel/:id', { ...guarded, schema: { tags: ['channels'], params: IdParams } }, async (request) => {
    const { id } = request.params as { id: string };
    await channels.remove(currentUser(request)._id, id);
    return ok(null);
  });

  app.post(
    '/api/draw/invite-code/:channelId',
    { ...guarded, schema: { tags: ['channels'], params: Type.Object({ channelId: Id }), body: Type.Optional(InviteBody) } },
    async (request) => {
      const { channelId } = request.params as { channelId: string };
      const body = (request.body ?? {}) as InviteCodeRequest;
      return ok(await channels.invite(currentUser(request)._id, channelId, body, readerOf(request)));
    },
  );

  app.post('/api/draw/join-channel/:code', { ...guarded, schema: { tags: ['channels'], params: Type.Object({ code: Id }) } }, async (request) => {
    const { code } = request.params as { code: string };
    return ok(await channels.join(currentUser(request)._id, code));
  });

  app.post('/api/draw/quit-channel/:id', { ...guarded, schema: { tags: ['channels'], params: IdParams } }, async (request) => {
    const { id } = request.params as { id: string };
    await channels.quit(currentUser(request)._id, id);
    return ok(null);
  });

  app.post(
    '/api/draw/remove-user/:channelId/:userId',
    { ...guarded, schema: { tags: ['channels'], params: Type.Object({ channelId: Id, userId: Id }) } },
    async (request) => {
      const { channelId, userId } = request.params as { channelId: string; userId: string };
      await channels.removeMember(currentUser(request)._id, channelId, userId);
      return ok(null);
    },
  );

  // A ban is a removal that sticks: no invite lets the user back in until it is lifted.
  app.post('/api/draw/channel/:id/ban', { ...guarded, schema: { tags: ['channels'], params: IdParams, body: BanBody } }, async (request) => {
    const { id } = request.params as { id: string };
    await channels.ban(currentUser(request)._id, id, request.body as BanRequest);
    return ok(null);
  });

  app.delete(
    '/api/draw/channel/:id/ban/:userId',
    { ...guarded, schema: { tags: ['channels'], params: Type.Object({ id: Id, userId: Id }) } },
    async (request) => {
      const { id, userId } = request.params as { id: string; userId: string };
      await channels.unban(currentUser(request)._id, id, userId);
      return ok(null);
    },
  );

  app.get('/api/draw/channel/:id/bans', { ...guarded, schema: { tags: ['channels'], params: IdParams } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await channels.bans(currentUser(request)._id, id));
  });

  // Public: what an invite link leads to, shown before the visitor signs in.
  app.get('/api/login/channel/:code', { schema: { tags: ['login'], params: Type.Object({ code: Id }) } }, async (request) => {
    const { code } = request.params as { code: string };
    return ok(await channels.publicInvite(code, request.user?._id ?? null));
  });
};
