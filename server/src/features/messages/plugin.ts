import type { FastifyPluginAsync } from 'fastify';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import type { MessagesService } from './service';

const routes = api.messages;

export const messagesPlugin: FastifyPluginAsync<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  serve(app, routes.page, (request) =>
    messages.page(currentUser(request)._id, request.params.id, request.query.before, request.query.limit),
  );
  serve(app, routes.post, (request) =>
    messages.postText(currentUser(request), request.params.id, request.body.content, request.body.replyTo),
  );
  serve(app, routes.edit, (request) =>
    messages.edit(currentUser(request), request.params.id, request.body.content),
  );
  serve(app, routes.react, (request) =>
    messages.react(currentUser(request), request.params.id, request.params.emoji),
  );
  serve(app, routes.unreact, (request) =>
    messages.unreact(currentUser(request), request.params.id, request.params.emoji),
  );
  serve(app, routes.remove, async (request) => {
    await messages.remove(currentUser(request), request.params.id);
    return null;
  });
};
