import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

/**
 * What a client's connections may hold, on the server that accepts them (the app, or a cluster's
 * primary): the headers within `headersTimeoutMs`, the whole request (a slow body included) within
 * `requestTimeoutMs`, and at most `perAddress` connections open from one address at once. Past
 * the cap a new connection is closed at once, before it costs a parser or a request.
 */
export interface ConnectionBounds {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  perAddress: number;
}

export const connectionBoundsOf = (config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'CONNECTIONS_PER_ADDRESS'>): ConnectionBounds => ({
  requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
  headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
  perAddress: config.CONNECTIONS_PER_ADDRESS,
});

/** How often Node looks for requests past their timeouts (its default, 30 s, would let a slow body live 90 s). */
const TIMEOUT_CHECK_MS = 1_000;

/** Options for `http.createServer` (Fastify's `http` option, or a cluster primary's server). */
export function httpServerOptions(bounds: ConnectionBounds): ServerOptions {
  return {
    requestTimeout: bounds.requestTimeoutMs,
    headersTimeout: Math.min(bounds.headersTimeoutMs, bounds.requestTimeoutMs),
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  };
}

export function boundConnections(server: Server, bounds: ConnectionBounds): { openFrom(address: string): number } {
  // Set again: a framework may set its own after creating the server (Fastify's `requestTimeout`).
  server.requestTimeout = bounds.requestTimeoutMs;
  server.headersTimeout = Math.min(bounds.headersTimeoutMs, bounds.requestTimeoutMs);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > bounds.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return { openFrom: (address) => open.get(address) ?? 0 };
}
