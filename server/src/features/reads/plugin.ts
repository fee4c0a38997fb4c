import type { FastifyPluginAsync } from 'fastify';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import type { ReadsService } from './service';

const routes = api.reads;

export const readsPlugin: FastifyPluginAsync<{ reads: ReadsService }> = async (app, { reads }) => {
  serve(app, routes.list, (request) => reads.list(currentUser(request)._id));
  serve(app, routes.mark, (request) =>
    reads.mark(currentUser(request)._id, request.params.channelId, request.body.seq),
  );
  serve(app, routes.notifications, (request) =>
    reads.setNotify(currentUser(request)._id, request.params.channelId, request.body.level),
  );
};
