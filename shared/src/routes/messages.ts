import Type from 'typebox';
import { routePaths } from './paths';
import { Access, RatePer, route } from './route';
import { Id, MessageSchema, Nothing, TaskSchema } from './schemas';

const tag = 'messages';
const IdParams = Type.Object({ id: Id });
/** `emoji`: one emoji (`isReactionEmoji`, checked by the service), URL-encoded in the path. */
const ReactionParams = Type.Object({ id: Id, emoji: Type.String({ minLength: 1, maxLength: 32 }) });

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
    body: Type.Object(
      {
        content: Type.String({ maxLength: 10_000 }),
        /** The message this one answers: a message (or a result) of the same channel, not deleted. */
        replyTo: Type.Optional(Id),
      },
      { additionalProperties: false },
    ),
    answer: MessageSchema,
  }),
  remove: route({
    ...routePaths.messages.remove,
    access: Access.Author,
    tag,
    params: IdParams,
    answer: Nothing,
  }),
  edit: route({
    ...routePaths.messages.edit,
    access: Access.Author,
    tag,
    summary:
      "Edits one's own text message (a task's message cannot be edited): sets `editedAt`, reads its mentions again (earlier pings stay sent); members hear `message.updated`",
    params: IdParams,
    bounds: { bodyBytes: 64 * 1024, rate: { max: 20, windowMs: 10_000, per: RatePer.User } },
    body: Type.Object({ content: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false }),
    answer: MessageSchema,
  }),
  react: route({
    ...routePaths.messages.react,
    access: Access.Member,
    tag,
    summary:
      "Adds the asker's reaction (one emoji) to a message or a result; again is no change. A muted member may react (reactions are not posts). Members hear `message.reactions`",
    params: ReactionParams,
    // Clicking through a few reactions, never a script toggling one thousands of times.
    bounds: { rate: { max: 30, windowMs: 10_000, per: RatePer.User, bucket: 'reactions' } },
    answer: MessageSchema,
  }),
  unreact: route({
    ...routePaths.messages.unreact,
    access: Access.Member,
    tag,
    summary: "Takes the asker's reaction back; one they never made is no change",
    params: ReactionParams,
    bounds: { rate: { max: 30, windowMs: 10_000, per: RatePer.User, bucket: 'reactions' } },
    answer: MessageSchema,
  }),
} as const;
