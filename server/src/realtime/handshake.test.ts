import fs from 'node:fs';
import { HandshakeRefusal, PROTOCOL_VERSION } from '@draw/shared';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, startTestApp, type TestApp } from '../../test/support/harness';
import { fetchTicket } from '../../test/support/socket';

let app: TestApp;
let origin: string;

beforeAll(async () => {
  app = await startTestApp();
  origin = await listen(app);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
});

/** What a real Socket.IO client gets for a handshake with this `auth`: connected, or the refusal. */
function handshake(path: string, auth: object) {
  return new Promise<{ connected: true } | { connected: false; message: string; data: unknown }>(
    (resolve) => {
      const socket = io(origin, {
        path,
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      socket.on('connect', () => {
        socket.disconnect();
        resolve({ connected: true });
      });
      socket.on('connect_error', (error: Error & { data?: unknown }) => {
        socket.disconnect();
        resolve({ connected: false, message: error.message, data: error.data });
      });
    },
  );
}

async function ticket() {
  const session = await app.signIn();
  return fetchTicket(origin, session.token);
}

describe('the handshake names the protocol version', () => {
  it('lets in a client of this version', async () => {
    const { ticket: t, path } = await ticket();
    expect(await handshake(path, { ticket: t, v: PROTOCOL_VERSION })).toEqual({ connected: true });
  });

  it('refuses an older client as client_too_old, naming the server version, and leaves its ticket unspent', async () => {
    const { ticket: t, path } = await ticket();
    expect(await handshake(path, { ticket: t, v: PROTOCOL_VERSION - 1 })).toMatchObject({
      connected: false,
      message: expect.stringMatching(/unsupported protocol version/),
      data: { reason: HandshakeRefusal.ClientTooOld, serverVersion: PROTOCOL_VERSION },
    });
    // The ticket was not redeemed: the same client, updated, still gets in with it.
    expect(await handshake(path, { ticket: t, v: PROTOCOL_VERSION })).toEqual({ connected: true });
  });

  it('refuses a newer client as server_too_old', async () => {
    const { ticket: t, path } = await ticket();
    expect(await handshake(path, { ticket: t, v: PROTOCOL_VERSION + 1 })).toMatchObject({
      connected: false,
      data: { reason: HandshakeRefusal.ServerTooOld, serverVersion: PROTOCOL_VERSION },
    });
  });

  it('refuses a client that names no version, or not a number, as client_too_old', async () => {
    const { ticket: t, path } = await ticket();
    for (const auth of [
      { ticket: t },
      { ticket: t, v: '1' },
      { ticket: t, v: 1.5 },
      { ticket: t, v: null },
    ]) {
      expect(await handshake(path, auth)).toMatchObject({
        connected: false,
        data: { reason: HandshakeRefusal.ClientTooOld },
      });
    }
  });

  it('refuses a used or made-up ticket as invalid_ticket', async () => {
    const { ticket: t, path } = await ticket();
    expect(await handshake(path, { ticket: t, v: PROTOCOL_VERSION })).toEqual({ connected: true });
    for (const auth of [
      { ticket: t, v: PROTOCOL_VERSION },
      { ticket: 'made-up', v: PROTOCOL_VERSION },
      { v: PROTOCOL_VERSION },
    ]) {
      expect(await handshake(path, auth)).toMatchObject({
        connected: false,
        message: 'invalid or expired ticket',
        data: { reason: HandshakeRefusal.InvalidTicket, serverVersion: PROTOCOL_VERSION },
      });
    }
  });
});
