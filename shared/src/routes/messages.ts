import Type from 'typebox';
import { routePaths } from './paths';
import { Access, RatePer, route } from './route';
import { Id, MessageSchema, Nothing, TaskSchema } from './schemas';

const tag = 'messages';
const IdParams = Type.Object({ id: Id });

export const messageRoutes = {
  page: route({
    ...routePaths.messages.page,
    access: Access.Member,
    tag,
    params: IdParams,
    query: Type.Object({
      before: Type.Optional(Type.Integer({ minimum: 0 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    }),
    answer: Type.Object({
      messages: Type.Array(MessageSchema),
      tasks: Type.Array(TaskSchema, { description: 'the tasks of the task messages of this page' }),
      hasMore: Type.Boolean(),
      seq: Type.Integer({
        description: 'the channel’s sequence number when the page was read: subscribe with afterSeq = seq',
      }),
    }),
  }),
  post: route({
    ...routePaths.messages.post,
    access: Access.Poster,
    tag,
    params: IdParams,
    // A quick typist's burst, never a flood that fills every member's feed; 10,000 characters escaped.
    bounds: { bodyBytes: 64 * 1024, rate: { max: 20, windowMs: 10_000, per: RatePer.User } },
    body: Type.Object({ content: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false }),
    answer: MessageSchema,
  }),
  remove: route({
    ...routePaths.messages.remove,
    access: Access.Author,
    tag,
    params: IdParams,
    answer: Nothing,
  }),
} as const;
