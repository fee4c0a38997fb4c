import fs from 'node:fs';
import path from 'node:path';

export class StoreInUseError extends Error {
  override name = 'StoreInUseError';
}

/**
 * One process (or one cluster of them, WORKERS > 1, whose primary holds it) owns an embedded store at a time. The lock is a file holding the owner's pid; a
 * lock left by a process that no longer exists (killed, crashed) is taken over at once, so a
 * restart after SIGKILL never waits.
 */
export function acquireStoreLock(dataDir: string, purpose: string): () => void {
  const lockPath = path.join(dataDir, 'LOCK');
  // The first start makes the folder (a cluster's primary locks it before any member opens the store).
  fs.mkdirSync(dataDir, { recursive: true });
  const mine = JSON.stringify({ pid: process.pid, purpose, since: Date.now() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      return () => releaseIfMine(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && isAlive(holder.pid)) {
        throw new StoreInUseError(
          `The data folder ${dataDir} is in use by process ${holder.pid} (${holder.purpose}). Stop it first, or point DATA_DIR elsewhere.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new StoreInUseError(`Could not lock the data folder ${dataDir}`);
}

/**
 * A cluster's server processes share the folder: its primary holds the lock, and each member checks
 * that the holder is itself or its parent (the primary) before opening the store.
 */
export function assertClusterLock(dataDir: string): void {
  const holder = readHolder(path.join(dataDir, 'LOCK'));
  if (holder && (holder.pid === process.ppid || holder.pid === process.pid)) return;
  throw new StoreInUseError(
    holder
      ? `The data folder ${dataDir} is in use by process ${holder.pid} (${holder.purpose}), not by this cluster.`
      : `The data folder ${dataDir} is not locked by this cluster's primary.`,
  );
}

function readHolder(lockPath: string): { pid: number; purpose: string } | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid: number; purpose: string };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfMine(lockPath: string): void {
  const holder = readHolder(lockPath);
  if (holder?.pid === process.pid) fs.rmSync(lockPath, { force: true });
}
