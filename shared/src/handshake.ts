import { PROTOCOL_VERSION } from './socket';

/**
 * Why the server refused a socket handshake: the closed set a client finds in its
 * `connect_error`'s `data.reason` (Socket.IO's `err.data`). As tldraw's sync does, a version
 * mismatch says which side is behind, so a client knows whether reloading can help.
 */
export const HandshakeRefusal = {
  /** The client speaks an older protocol than the server (or names no version): load a newer client. */
  ClientTooOld: 'client_too_old',
  /** The client speaks a newer protocol than the server: reloading does not help until the server is updated. */
  ServerTooOld: 'server_too_old',
  /** No ticket, or one that is unknown, used, expired, or whose session has ended: fetch a new one. */
  InvalidTicket: 'invalid_ticket',
  /** The user has as many sockets open as one person may (in this server process): close a tab, or retry later. */
  TooManySockets: 'too_many_sockets',
} as const;
export type HandshakeRefusal = (typeof HandshakeRefusal)[keyof typeof HandshakeRefusal];

/** The refusals a new ticket cannot cure: a client must not retry them. */
export type VersionRefusal = typeof HandshakeRefusal.ClientTooOld | typeof HandshakeRefusal.ServerTooOld;

/** The `data` of a refused handshake's `connect_error`. */
export interface HandshakeRefusalData {
  reason: HandshakeRefusal;
  /** The protocol version the server speaks. */
  serverVersion: number;
}

/**
 * The server's verdict on the version a handshake names (`auth.v`): null when it is this
 * server's. A missing or malformed version is `client_too_old`: every client that ever connected
 * names one (the server has required `v` since protocol v1 began), so one without it was not
 * written against this protocol, and guessing v1 for it would be a promise to keep forever.
 */
export function versionRefusal(version: unknown): VersionRefusal | null {
  if (version === PROTOCOL_VERSION) return null;
  if (typeof version === 'number' && Number.isSafeInteger(version) && version > PROTOCOL_VERSION)
    return HandshakeRefusal.ServerTooOld;
  return HandshakeRefusal.ClientTooOld;
}

export function isHandshakeRefusalData(value: unknown): value is HandshakeRefusalData {
  if (typeof value !== 'object' || value === null) return false;
  const { reason, serverVersion } = value as Record<string, unknown>;
  return (Object.values(HandshakeRefusal) as unknown[]).includes(reason) && typeof serverVersion === 'number';
}

export function isVersionRefusal(reason: HandshakeRefusal): reason is VersionRefusal {
  return reason === HandshakeRefusal.ClientTooOld || reason === HandshakeRefusal.ServerTooOld;
}
