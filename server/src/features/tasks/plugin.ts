import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { BlendDimensions, BotType, Limits, REFERENCE_KINDS } from '@draw/shared';
import { currentUser, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { TasksService } from './service';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const UploadId = Type.String({ minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_-]+\\.(png|jpg|jpeg|gif|webp)$' });
const Bot = Type.Optional(Type.Enum([BotType.MidJourney, BotType.NijiJourney]));
const Prompt = Type.String({ maxLength: Limits.promptMaxChars + 1000 });
const ChannelParams = Type.Object({ channelId: Id });
const TaskParams = Type.Object({ id: Id });
const strict = { additionalProperties: false } as const;

const bodies = {
  imagine: Type.Object(
    {
      prompt: Prompt,
      promptEn: Type.Optional(Prompt),
      botType: Bot,
      imageIds: Type.Optional(Type.Array(UploadId, { maxItems: 20 })),
      references: Type.Optional(Type.Array(Type.Object({ imageId: UploadId, kind: Type.Enum([...REFERENCE_KINDS]) }, strict), { maxItems: 20 })),
      weights: Type.Optional(Type.Object(Object.fromEntries(REFERENCE_KINDS.map((kind) => [kind, Type.Optional(Type.Number())])), strict)),
    },
    strict,
  ),
  describe: Type.Object({ imageId: UploadId, botType: Bot }, strict),
  blend: Type.Object(
    {
      imageIds: Type.Array(UploadId, { maxItems: 20 }),
      dimensions: Type.Optional(Type.Enum([BlendDimensions.Portrait, BlendDimensions.Square, BlendDimensions.Landscape])),
      botType: Bot,
    },
    strict,
  ),
  shorten: Type.Object({ prompt: Prompt, promptEn: Type.Optional(Prompt), botType: Bot }, strict),
  action: Type.Object({ taskId: Id, customId: Type.String({ minLength: 1, maxLength: 200 }) }, strict),
  modal: Type.Object({ taskId: Id, prompt: Type.Optional(Prompt), promptEn: Type.Optional(Prompt), maskBase64: Type.Optional(Type.String({ maxLength: 6_000_000 })) }, strict),
};

export const tasksPlugin: FastifyPluginAsync<{ tasks: TasksService }> = async (app, { tasks }) => {
  const submit = (kind: keyof typeof bodies, run: (request: FastifyRequest) => Promise<{ taskId: string }>) =>
    app.post(`/api/mj/submit/${kind}/:channelId`, { preHandler: requireUser, bodyLimit: kind === 'modal' ? 8 * 1024 * 1024 : 256 * 1024, schema: { tags: ['tasks'], params: ChannelParams, body: bodies[kind] } }, async (request) =>
      ok(await run(request)),
    );
  const channelOf = (request: { params: unknown }) => (request.params as { channelId: string }).channelId;

  submit('imagine', (r) => tasks.imagine(currentUser(r), channelOf(r), r.body as never));
  submit('describe', (r) => tasks.describe(currentUser(r), channelOf(r), r.body as never));
  submit('blend', (r) => tasks.blend(currentUser(r), channelOf(r), r.body as never));
  submit('shorten', (r) => tasks.shorten(currentUser(r), channelOf(r), r.body as never));
  submit('action', (r) => tasks.action(currentUser(r), channelOf(r), r.body as never));
  submit('modal', (r) => tasks.modal(currentUser(r), channelOf(r), r.body as never));

  app.get('/api/mj/task/:id/fetch', { preHandler: requireUser, schema: { tags: ['tasks'], params: TaskParams } }, async (request) =>
    ok(await tasks.fetch(currentUser(request)._id, (request.params as { id: string }).id)),
  );
  app.post('/api/mj/task/:id/cancel', { preHandler: requireUser, schema: { tags: ['tasks'], params: TaskParams } }, async (request) =>
    ok(await tasks.cancel(currentUser(request), (request.params as { id: string }).id)),
  );
  app.get('/api/mj/task/:id/image-seed', { preHandler: requireUser, schema: { tags: ['tasks'], params: TaskParams } }, async (request) =>
    ok(await tasks.imageSeed(currentUser(request)._id, (request.params as { id: string }).id)),
  );
  app.post(
    '/api/draw/tasks/:channelId',
    { preHandler: requireUser, schema: { tags: ['tasks'], params: ChannelParams, body: Type.Object({ ids: Type.Array(Id, { maxItems: 200 }) }, strict) } },
    async (request) => ok(await tasks.byIds(currentUser(request)._id, channelOf(request), (request.body as { ids: string[] }).ids)),
  );
};
