import crypto from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { SocketServer } from './socket';

/**
 * Socket.IO sessions in a cluster whose members accept connections themselves (WORKERS > 1).
 *
 * A WebSocket is one connection, held by the member that accepted it: nothing to route. A client
 * that falls back to HTTP long-polling sends each poll on whatever connection it has, and the
 * kernel or the primary may give that connection to any member; only the member that made the
 * session can answer it. So each member names its sessions after itself (`m3-…`) and listens on a
 * private Unix socket beside the others; a poll (or a polling session's upgrade) that reaches
 * another member is passed to the owner through that socket, once, without the primary. A session
 * whose owner is gone is answered as Engine.IO answers any unknown session, and the client
 * reconnects.
 */

/** The folder of the members' sockets: the primary makes it (owner only) and tells its members. */
export const SESSIONS_DIR_ENV = 'DRAWSPACE_SESSIONS_DIR';

const SESSION_PREFIX = /^m(\d+)-/;

export const sessionSocketPath = (dir: string, member: number) => path.join(dir, `m${member}.sock`);

/** The member that made a session, from its id; null for an id no member of ours made. */
export function ownerOfSession(sid: string): number | null {
  const match = SESSION_PREFIX.exec(sid);
  return match ? Number(match[1]) : null;
}

/** A session id naming its member: 20 random bytes, as unguessable as Engine.IO's own. */
export const newSessionId = (member: number) => `m${member}-${crypto.randomBytes(20).toString('base64url')}`;

const DIR_PREFIX = 'drawspace-sessions-';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A primary killed outright leaves its folder behind: the next one clears it. */
function removeFoldersOfStoppedClusters(parent: string): void {
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const pid = Number(name.slice(DIR_PREFIX.length));
    if (Number.isSafeInteger(pid) && pid > 0 && !isRunning(pid))
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

/** The primary makes the members' folder, readable by this user only, before it starts them. */
export function makeSessionsDir(parent: string, primaryPid: number): string {
  removeFoldersOfStoppedClusters(parent);
  const dir = path.join(parent, `${DIR_PREFIX}${primaryPid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { mode: 0o700 });
  return dir;
}

/** What Engine.IO answers for a session it does not know (a client reconnects on it). */
function unknownSession(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 1, message: 'Session ID unknown' }));
}

/** Passes one polling request to the member that owns its session, streaming both ways. */
function forwardPoll(req: IncomingMessage, res: ServerResponse, socketPath: string): void {
  const upstream = http.request(
    { socketPath, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => unknownSession(res));
  // The client gave up (or its connection broke): the owner stops waiting too.
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

/** Passes a polling session's upgrade to its owner: the raw request, then both ways as bytes. */
function forwardUpgrade(req: IncomingMessage, client: Duplex, socketPath: string): void {
  const upstream = net.connect(socketPath);
  upstream.on('connect', () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(lines.join('\r\n') + '\r\n\r\n');
    upstream.pipe(client).pipe(upstream);
  });
  const end = () => {
    upstream.destroy();
    client.destroy();
  };
  upstream.on('error', end);
  client.on('error', end);
  client.on('close', () => upstream.destroy());
}

interface EngineRequest extends IncomingMessage {
  _query: Record<string, string | undefined>;
}

/**
 * Makes this member's sessions findable: ids that name it, a private socket the other members
 * reach it on, and the passing on of any request for another member's session.
 */
export async function shareSessionsBetweenMembers(
  io: SocketServer,
  options: { member: number; dir: string; log: FastifyBaseLogger },
): Promise<() => Promise<void>> {
  const { member, dir, log } = options;
  io.engine.generateId = () => newSessionId(member);
  io.engine.use((req: EngineRequest, res: ServerResponse, next: (err?: unknown) => void) => {
    const sid = req._query.sid;
    const owner = sid ? ownerOfSession(sid) : null;
    if (owner === null || owner === member) return next();
    const target = sessionSocketPath(dir, owner);
    if (req.headers.upgrade) forwardUpgrade(req, req.socket, target);
    else forwardPoll(req, res, target);
  });
  // The owner's side: what another member passed on is served as if it had come in directly.
  const inner = http.createServer((req, res) => io.engine.handleRequest(req as never, res));
  inner.on('upgrade', (req, socket, head) => io.engine.handleUpgrade(req as never, socket, head));
  const socketPath = sessionSocketPath(dir, member);
  fs.rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    inner.once('error', reject);
    inner.listen(socketPath, () => resolve());
  });
  inner.on('error', (err) => log.error({ err }, 'the members’ session socket failed'));
  return () =>
    new Promise<void>((resolve) => {
      inner.closeAllConnections();
      inner.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}
