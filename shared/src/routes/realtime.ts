import Type from 'typebox';
import { routePaths } from './paths';
import { Access, MINUTE_MS, RatePer, route } from './route';

export const realtimeRoutes = {
  preConnect: route({
    ...routePaths.realtime.preConnect,
    access: Access.SignedIn,
    tag: 'realtime',
    summary: 'A single-use ticket for the Socket.IO connection',
    // Each ticket opens a socket: reconnects with backoff need a few a minute.
    bounds: { rate: { max: 30, windowMs: MINUTE_MS, per: RatePer.User } },
    answer: Type.Object({
      url: Type.String(),
      path: Type.String(),
      ticket: Type.String(),
      expiresAt: Type.Number({ description: 'epoch ms' }),
    }),
  }),
} as const;
