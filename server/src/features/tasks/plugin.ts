import type { FastifyPluginAsync } from 'fastify';
import { EDITOR_ACTIONS } from '@draw/shared';
import { api, editorRoute } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import type { TasksService } from './service';

const routes = api.tasks;

export const tasksPlugin: FastifyPluginAsync<{ tasks: TasksService }> = async (app, { tasks }) => {
  const { commands } = tasks;
  serve(app, routes.imagine, (r) => commands.imagine(currentUser(r), r.params.channelId, r.body));
  serve(app, routes.describe, (r) => commands.describe(currentUser(r), r.params.channelId, r.body));
  serve(app, routes.blend, (r) => commands.blend(currentUser(r), r.params.channelId, r.body));
  serve(app, routes.shorten, (r) => commands.shorten(currentUser(r), r.params.channelId, r.body));
  // Midjourney's editor: a route per editor action of the shared action table, one body for all.
  for (const action of EDITOR_ACTIONS)
    serve(app, editorRoute(action), (r) => commands.edit(currentUser(r), r.params.channelId, action, r.body));
  serve(app, routes.action, (r) => tasks.action(currentUser(r), r.params.channelId, r.body));
  // A region mask is uploaded first (POST /api/upload); this body only names it.
  serve(app, routes.modal, (r) => tasks.modal(currentUser(r), r.params.channelId, r.body));

  serve(app, routes.fetch, (request) => tasks.fetch(currentUser(request)._id, request.params.id));
  serve(app, routes.cancel, (request) => tasks.cancel(currentUser(request), request.params.id));
  serve(app, routes.imageSeed, (request) => tasks.imageSeed(currentUser(request)._id, request.params.id));
  serve(app, routes.byIds, (request) =>
    tasks.byIds(currentUser(request)._id, request.params.channelId, request.body.ids),
  );
};
