import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSessionsDir, newSessionId, ownerOfSession, sessionSocketPath } from './member-sessions';

describe('sessions of a cluster’s members', () => {
  it('names the member that made a session in its id, and no member for an id it did not make', () => {
    const id = newSessionId(12);
    expect(ownerOfSession(id)).toBe(12);
    expect(id).toMatch(/^m12-[\w-]{27}$/);
    expect(newSessionId(12)).not.toBe(id);
    // Engine.IO's own ids (a single process, or an old client's) and hostile ones go nowhere.
    for (const foreign of ['AbCdEfGhIjKlMnOpQrSt', 'm-12-x', 'mx-1', '../m1-x', ''])
      expect(ownerOfSession(foreign)).toBeNull();
  });

  it('keeps the members’ sockets in a folder of the owner’s only, and clears what a killed cluster left', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-sessions-'));
    // A folder of a primary that no longer runs (pid far above any this machine gave out).
    const stale = path.join(parent, 'drawspace-sessions-4194300');
    fs.mkdirSync(stale);
    const dir = makeSessionsDir(parent, process.pid);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.existsSync(stale)).toBe(false);
    expect(sessionSocketPath(dir, 3)).toBe(path.join(dir, 'm3.sock'));
    // A second start of the same primary pid starts from an empty folder.
    fs.writeFileSync(path.join(dir, 'm1.sock'), '');
    makeSessionsDir(parent, process.pid);
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(parent, { recursive: true, force: true });
  });
});
