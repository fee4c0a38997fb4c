import fs from 'node:fs/promises';
import type Datastore from '@seald-io/nedb';
import nedbModel from '@seald-io/nedb/lib/model.js';

/** The parts of NeDB's (untyped) persistence object this module replaces or calls. */
interface NedbPersistence {
  filename: string;
  inMemoryOnly: boolean;
  modes: { fileMode: number };
  afterSerialization(line: string): string | Promise<string>;
  persistNewStateAsync(docs: readonly unknown[]): Promise<void>;
  persistCachedDatabaseAsync(): Promise<void>;
}

export interface AppendHandle {
  /** Closes the kept-open file; the next write (if any) opens it again. */
  close(): Promise<void>;
}

/**
 * NeDB appends every write with `fs.appendFile`: open, write and close for each document, which
 * the fan-out benchmark measured as the largest share of the server's CPU per progress step. One
 * handle, opened in append mode and kept, writes the same bytes at the same moment (the write
 * still completes before the write is acknowledged). Compaction replaces the file (temp file,
 * fsync, rename), so the handle is closed before it and opened again on the next append.
 * NeDB's executor runs appends and compactions one at a time, so they never overlap.
 */
export function keepAppendHandleOpen(ds: Datastore<never>): AppendHandle {
  const persistence = (ds as unknown as { persistence: NedbPersistence }).persistence;
  let handle: fs.FileHandle | null = null;
  const close = async () => {
    const open = handle;
    handle = null;
    await open?.close();
  };

  persistence.persistNewStateAsync = async (docs) => {
    if (persistence.inMemoryOnly || docs.length === 0) return;
    let text = '';
    for (const doc of docs) text += `${await persistence.afterSerialization(nedbModel.serialize(doc))}\n`;
    handle ??= await fs.open(persistence.filename, 'a', persistence.modes.fileMode);
    await handle.appendFile(text, 'utf8');
  };

  const compact = persistence.persistCachedDatabaseAsync.bind(persistence);
  persistence.persistCachedDatabaseAsync = async () => {
    await close();
    await compact();
  };

  return { close };
}
