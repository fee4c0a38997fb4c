import type { FastifyPluginAsync } from 'fastify';
import { attachmentDisposition } from '@draw/shared';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve, serveRaw } from '../../http/routes';
import type { ArchiveService } from './service';

const routes = api.archive;

export const archivePlugin: FastifyPluginAsync<{ archive: ArchiveService }> = async (app, { archive }) => {
  serve(app, routes.page, (request) => archive.page(currentUser(request)._id, request.query));
  serve(app, routes.star, (request) =>
    archive.setFavorite(currentUser(request)._id, request.params.taskId, true),
  );
  serve(app, routes.unstar, (request) =>
    archive.setFavorite(currentUser(request)._id, request.params.taskId, false),
  );
  serve(app, routes.starredAmong, (request) =>
    archive.starredAmong(currentUser(request)._id, request.body.taskIds),
  );
  serve(app, routes.family, (request) => archive.family(currentUser(request)._id, request.params.taskId));
  // Answers the ZIP itself, not the envelope; a refusal (checked before the first byte) is enveloped.
  serveRaw(app, routes.zip, async (request, reply) => {
    const { stream, fileName } = await archive.zip(currentUser(request)._id, request.body.taskIds);
    return reply
      .header('Content-Disposition', attachmentDisposition(fileName))
      .header('Cache-Control', 'no-store')
      .type('application/zip')
      .send(stream);
  });
};
