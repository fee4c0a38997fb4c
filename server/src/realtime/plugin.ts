import type { FastifyPluginAsync } from 'fastify';
import { ErrorReason, SOCKET_PATH, type PreConnectAnswer } from '@draw/shared';
import { AppError } from '../errors';
import { currentUser, requireUser } from '../http/auth';
import { ok } from '../http/envelope';
import type { SocketTickets } from './tickets';

export const realtimePlugin: FastifyPluginAsync<{ tickets: SocketTickets; publicUrl: string }> = async (
  app,
  { tickets, publicUrl },
) => {
  app.get('/api/ws/pre-connect', { schema: { tags: ['realtime'] }, preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    if (!request.token) throw new AppError(ErrorReason.Unauthorized, 'auth.required');
    const { ticket, expiresAt } = await tickets.issue(user._id, request.token);
    const answer: PreConnectAnswer = { url: publicUrl, path: SOCKET_PATH, ticket, expiresAt };
    return ok(answer);
  });
};
