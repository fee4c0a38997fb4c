import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

/**
 * How long a client may take to send a request: the headers within `headersTimeoutMs`, the whole
 * request (a slow body included) within `requestTimeoutMs`.
 */
export interface ConnectionBounds {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
}

export const connectionBoundsOf = (
  config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS'>,
): ConnectionBounds => ({
  requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
  headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
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

const headerDeadline = Symbol('headerDeadline');
type TrackedSocket = Socket & { [headerDeadline]?: NodeJS.Timeout };

/** Cuts the socket unless a request's headers complete within `ms` (Node's own headersTimeout does not fire while headers never end). */
function armHeaderDeadline(socket: TrackedSocket, ms: number) {
  clearTimeout(socket[headerDeadline]);
  socket[headerDeadline] = setTimeout(() => socket.destroy(), ms);
  socket[headerDeadline].unref();
}
function clearHeaderDeadline(socket: TrackedSocket) {
  clearTimeout(socket[headerDeadline]);
  socket[headerDeadline] = undefined;
}

/**
 * The server that parses requests (the app, or a cluster member handed its connections): the
 * timeouts, and headers that never end cut.
 */
export function cutSlowRequests(server: Server, bounds: ConnectionBounds): void {
  // Set again: a framework may set its own after creating the server (Fastify's `requestTimeout`).
  server.requestTimeout = bounds.requestTimeoutMs;
  server.headersTimeout = Math.min(bounds.headersTimeoutMs, bounds.requestTimeoutMs);
  // Headers that never end (slowloris) are cut here: measured on Node 20, a request whose headers
  // stop half-way is never reached by the server's own headersTimeout or requestTimeout.
  server.on('connection', (socket: TrackedSocket) => {
    armHeaderDeadline(socket, Math.min(bounds.headersTimeoutMs, bounds.requestTimeoutMs));
    socket.once('close', () => clearHeaderDeadline(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket as TrackedSocket;
    clearHeaderDeadline(socket);
    // The next request on a kept-alive connection gets its headers in as long as a whole request may take.
    response.once('finish', () => {
      if (!socket.destroyed) armHeaderDeadline(socket, bounds.requestTimeoutMs);
    });
  });
  server.on('upgrade', (request: IncomingMessage) => clearHeaderDeadline(request.socket as TrackedSocket));
}

/**
 * The server that accepts connections (the app, or a cluster's primary): at most `perAddress` open
 * from one address; past it a new connection is closed at once, before it costs a parser.
 */
export function capConnectionsPerAddress(server: Server, perAddress: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
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
}
