import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import { languageOf } from '../../i18n/messages';
import { resolveTimeZone } from './format';
import type { ChannelsService, Reader } from './service';

const routes = api.channels;

function readerOf(request: FastifyRequest): Reader {
  const language = languageOf(request.headers['accept-language']);
  const zone = request.headers['x-time-zone'];
  return { language, timeZone: resolveTimeZone(typeof zone === 'string' ? zone : undefined, language) };
}

export const channelsPlugin: FastifyPluginAsync<{ channels: ChannelsService }> = async (
  app,
  { channels },
) => {
  serve(app, routes.list, (request) => channels.list(currentUser(request)._id));
  serve(app, routes.create, (request) => channels.create(currentUser(request)._id, request.body));
  serve(app, routes.update, (request) =>
    channels.update(currentUser(request)._id, request.params.id, request.body),
  );
  serve(app, routes.detail, (request) => channels.detail(currentUser(request)._id, request.params.id));
  serve(app, routes.remove, async (request) => {
    await channels.remove(currentUser(request)._id, request.params.id);
    return null;
  });
  serve(app, routes.invite, (request) =>
    channels.invite(
      currentUser(request)._id,
      request.params.channelId,
      request.body ?? {},
      readerOf(request),
    ),
  );
  serve(app, routes.join, (request) => channels.join(currentUser(request)._id, request.params.code));
  serve(app, routes.quit, async (request) => {
    await channels.quit(currentUser(request)._id, request.params.id);
    return null;
  });
  serve(app, routes.removeMember, async (request) => {
    await channels.removeMember(currentUser(request)._id, request.params.channelId, request.params.userId);
    return null;
  });
  serve(app, routes.ban, async (request) => {
    await channels.ban(currentUser(request)._id, request.params.id, request.body);
    return null;
  });
  serve(app, routes.unban, async (request) => {
    await channels.unban(currentUser(request)._id, request.params.id, request.params.userId);
    return null;
  });
  serve(app, routes.bans, (request) => channels.bans(currentUser(request)._id, request.params.id));
  // Public: what an invite link leads to, shown before the visitor signs in.
  serve(app, api.login.invitePreview, (request) =>
    channels.publicInvite(request.params.code, request.user?._id ?? null),
  );
};
