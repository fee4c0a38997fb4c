import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { PostMessageRequest } from '@draw/shared';
import { currentUser, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { schemaOf } from '../../http/schema';
import type { MessagesService } from './service';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const PostBody = schemaOf<PostMessageRequest>()(Type.Object({ content: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false }));

export const messagesPlugin: FastifyPluginAsync<{ messages: MessagesService }> = async (app, { messages }) => {
  const guarded = { preHandler: requireUser };
  app.get(
    '/api/draw/chat/:id',
    {
      ...guarded,
      schema: {
        tags: ['messages'],
        params: Type.Object({ id: Id }),
        querystring: Type.Object({
          before: Type.Optional(Type.Integer({ minimum: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { before, limit } = request.query as { before?: number; limit?: number };
      return ok(await messages.page(currentUser(request)._id, id, before, limit));
    },
  );
  app.post('/api/draw/chat/:id', { ...guarded, schema: { tags: ['messages'], params: Type.Object({ id: Id }), body: PostBody } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await messages.postText(currentUser(request), id, (request.body as PostMessageRequest).content));
  });
  app.delete('/api/draw/chat/:id', { ...guarded, schema: { tags: ['messages'], params: Type.Object({ id: Id }) } }, async (request) => {
    const { id } = request.params as { id: string };
    await messages.remove(currentUser(request), id);
    return ok(null);
  });
};
