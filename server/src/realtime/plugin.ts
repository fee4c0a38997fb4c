import type { FastifyPluginAsync } from 'fastify';
import { SOCKET_PATH, type PreConnectAnswer } from '@draw/shared';
import { currentUser, requireUser } from '../http/auth';
import { ok } from '../http/envelope';
import type { SocketTickets } from './tickets';

export const realtimePlugin: FastifyPluginAsync<{ tickets: SocketTickets; publicUrl: string }> = async (
  app,
  { tickets, publicUrl },
) => {
  app.get('/api/ws/pre-connect', { schema: { tags: ['realtime'] }, preHandler: requireUser }, async (request) => {
    const { ticket, expiresAt } = await tickets.issue(currentUser(request)._id, request.token);
    const answer: PreConnectAnswer = { url: publicUrl, path: SOCKET_PATH, ticket, expiresAt };
    return ok(answer);
  });
};
