import Type from 'typebox';
import { routePaths } from './paths';
import { Caller, route } from './route';

export const realtimeRoutes = {
  preConnect: route({
    ...routePaths.realtime.preConnect,
    caller: Caller.User,
    tag: 'realtime',
    summary: 'A single-use ticket for the Socket.IO connection',
    answer: Type.Object({ url: Type.String(), path: Type.String(), ticket: Type.String(), expiresAt: Type.Number({ description: 'epoch ms' }) }),
  }),
} as const;
