import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { BLOB_KEY, type BlobStore } from './port';

/** The default blob store: files under DATA_DIR/files, written to a temp name then renamed. */
export function folderBlobStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'files');
  fs.mkdirSync(root, { recursive: true });
  const fileOf = (key: string) => {
    if (!BLOB_KEY.test(key)) throw new Error(`bad blob key ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'folder',
    async put(key, data) {
      const target = fileOf(key);
      const temp = `${target}.${randomUUID()}.tmp`;
      const handle = await fs.promises.open(temp, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, target);
    },
    async open(key) {
      if (!BLOB_KEY.test(key)) return null;
      // Opened before it is handed out: a refused open (no descriptor left, EMFILE) is this
      // promise's rejection, never an 'error' event on a stream nobody listens to yet. The
      // stream owns the descriptor: it is closed when the stream ends or is destroyed.
      const stream = fs.createReadStream(fileOf(key));
      try {
        await once(stream, 'ready');
        const { size } = await fs.promises.stat(fileOf(key));
        return { stream, size };
      } catch (error) {
        stream.destroy();
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      if (!BLOB_KEY.test(key)) return null;
      return fs.promises.readFile(fileOf(key)).catch(() => null);
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}

/** A key with no file: an answer (null), unlike a file that cannot be read now. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
