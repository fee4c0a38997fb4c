import type { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';

export interface ZipEntrySource {
  name: string;
  mtime: Date;
  /** The entry's bytes, asked for when the ZIP reaches the entry: one entry is open at a time. */
  open: () => Promise<Readable>;
}

/**
 * A ZIP streamed as it is built (yazl): a listing first, then each entry, stored as it is (images
 * are compressed already: deflate would only cost CPU), so memory stays flat whatever the count.
 *
 * It stops when its reader goes away (the reply destroys its payload when the client leaves): the
 * entry being read is destroyed and no further entry is opened, so an aborted download holds no
 * file. An entry that cannot be opened or read ends the ZIP with that error, which the reply
 * reports (cut short: a ZIP missing an image must not look whole); nothing is left unhandled.
 */
export function streamedZip(
  listing: { name: string; data: Buffer },
  entries: readonly ZipEntrySource[],
): Readable {
  const archive = new yazl.ZipFile();
  const output = archive.outputStream as PassThrough;
  let reading: Readable | null = null;
  let stopped = false;
  const stop = (error?: Error) => {
    if (stopped) return;
    stopped = true;
    reading?.destroy();
    if (error) output.destroy(error);
  };
  output.once('close', () => stop());
  // The reader reports the error (Fastify logs it, or answers it when no byte has gone yet); this
  // listener keeps one raised before the reader listens from ending the process.
  output.on('error', () => undefined);
  archive.on('error', (error: Error) => stop(error));

  archive.addBuffer(listing.data, listing.name);
  for (const entry of entries) {
    archive.addReadStreamLazy(entry.name, { compress: false, mtime: entry.mtime }, (done) => {
      if (stopped) return;
      entry.open().then(
        (stream) => {
          if (stopped) return void stream.destroy();
          reading = stream;
          stream.on('error', (error) => stop(error));
          done(null, stream);
        },
        (error: unknown) => stop(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }
  archive.end();
  return output;
}
