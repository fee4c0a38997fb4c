import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { ArchiveKind, ArchiveLimits, ArchiveRatio, ArchiveScope, type ArchiveQuery } from '@draw/shared';
import { currentUser, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { ArchiveService } from './service';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Time = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const strict = { additionalProperties: false } as const;
const Query = Type.Object(
  {
    scope: Type.Optional(Type.Enum(Object.values(ArchiveScope))),
    channelId: Type.Optional(Id),
    q: Type.Optional(Type.String({ maxLength: ArchiveLimits.queryMaxChars })),
    favorite: Type.Optional(Type.Boolean()),
    kind: Type.Optional(Type.Enum(Object.values(ArchiveKind))),
    ratio: Type.Optional(Type.Enum(Object.values(ArchiveRatio))),
    from: Type.Optional(Time),
    to: Type.Optional(Time),
    cursor: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ArchiveLimits.pageMax })),
  },
  strict,
);
const TaskParams = Type.Object({ taskId: Id });
const ZipBody = Type.Object({ taskIds: Type.Array(Id, { minItems: 1, maxItems: ArchiveLimits.zipMaxImages }) }, strict);
const StarredBody = Type.Object({ taskIds: Type.Array(Id, { minItems: 1, maxItems: ArchiveLimits.starLookupMax }) }, strict);
const schema = { tags: ['archive'] };
const taskIdOf = (request: { params: unknown }) => (request.params as { taskId: string }).taskId;

export const archivePlugin: FastifyPluginAsync<{ archive: ArchiveService }> = async (app, { archive }) => {
  app.get('/api/archive', { preHandler: requireUser, schema: { ...schema, querystring: Query } }, async (request) =>
    ok(await archive.page(currentUser(request)._id, request.query as ArchiveQuery)),
  );
  app.put('/api/archive/favorite/:taskId', { preHandler: requireUser, schema: { ...schema, params: TaskParams } }, async (request) =>
    ok(await archive.setFavorite(currentUser(request)._id, taskIdOf(request), true)),
  );
  app.delete('/api/archive/favorite/:taskId', { preHandler: requireUser, schema: { ...schema, params: TaskParams } }, async (request) =>
    ok(await archive.setFavorite(currentUser(request)._id, taskIdOf(request), false)),
  );
  app.post('/api/archive/favorites', { preHandler: requireUser, schema: { ...schema, body: StarredBody } }, async (request) =>
    ok(await archive.starredAmong(currentUser(request)._id, (request.body as { taskIds: string[] }).taskIds)),
  );
  app.get('/api/archive/task/:taskId/family', { preHandler: requireUser, schema: { ...schema, params: TaskParams } }, async (request) =>
    ok(await archive.family(currentUser(request)._id, taskIdOf(request))),
  );
  // Answers the ZIP itself, not the envelope; a refusal (checked before the first byte) is enveloped.
  app.post('/api/archive/zip', { preHandler: requireUser, bodyLimit: 64 * 1024, schema: { ...schema, body: ZipBody } }, async (request, reply) => {
    const { stream, fileName } = await archive.zip(currentUser(request)._id, (request.body as { taskIds: string[] }).taskIds);
    return reply
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .type('application/zip')
      .send(stream);
  });
};
