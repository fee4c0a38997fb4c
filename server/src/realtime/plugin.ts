import type { FastifyPluginAsync } from 'fastify';
import { ErrorReason, SOCKET_PATH } from '@draw/shared';
import { api } from '@draw/shared/routes';
import { AppError } from '../errors';
import { currentUser } from '../http/auth';
import { serve } from '../http/routes';
import type { SocketTickets } from './tickets';

export const realtimePlugin: FastifyPluginAsync<{ tickets: SocketTickets; publicUrl: string }> = async (
  app,
  { tickets, publicUrl },
) => {
  serve(app, api.realtime.preConnect, async (request) => {
    const user = currentUser(request);
    if (!request.token) throw new AppError(ErrorReason.Unauthorized, 'auth.required');
    const { ticket, expiresAt } = await tickets.issue(user._id, request.token);
    return { url: publicUrl, path: SOCKET_PATH, ticket, expiresAt };
  });
};
