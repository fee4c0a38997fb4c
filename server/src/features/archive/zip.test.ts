import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { streamedZip, type ZipEntrySource } from './zip';

const listing = { name: 'prompts.json', data: Buffer.from('[]') };
const mtime = new Date('2025-01-02T03:04:05Z');

/** Entries whose opens are recorded; each gives the stream `make` returns for it. */
function entries(count: number, make: (index: number) => Readable | Promise<Readable>) {
  const opened: Readable[] = [];
  const sources: ZipEntrySource[] = Array.from({ length: count }, (_, index) => ({
    name: `${index}.png`,
    mtime,
    open: async () => {
      const stream = await make(index);
      opened.push(stream);
      return stream;
    },
  }));
  return { sources, opened };
}

/** A stream that gives one chunk and then waits for ever, as a file does when its reader stops reading. */
function endless(): PassThrough {
  const stream = new PassThrough();
  stream.write(Buffer.alloc(1024, 1));
  return stream;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function names(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, (error, file) => {
      if (error || !file) return reject(error);
      const found: string[] = [];
      file.on('entry', (entry: yauzl.Entry) => found.push(entry.fileName));
      file.on('end', () => resolve(found));
      file.on('error', reject);
    });
  });
}

const until = async (check: () => boolean) => {
  for (let tries = 0; !check(); tries++) {
    if (tries > 200) throw new Error('condition never met');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('a streamed ZIP', () => {
  it('holds the listing and every entry, each opened in turn and closed at its end', async () => {
    const { sources, opened } = entries(3, (index) => Readable.from([Buffer.from(`image ${index}`)]));
    const zip = await readAll(streamedZip(listing, sources));
    expect(await names(zip)).toEqual(['prompts.json', '0.png', '1.png', '2.png']);
    expect(opened).toHaveLength(3);
    expect(opened.every((stream) => stream.destroyed)).toBe(true);
  });

  it('destroys the entry being read and opens no other when its reader goes away', async () => {
    const { sources, opened } = entries(5, endless);
    const zip = streamedZip(listing, sources);
    let read = 0;
    zip.on('data', (chunk: Buffer) => (read += chunk.length));
    // Past the listing, into the first image's bytes.
    await until(() => opened.length === 1 && read > 1024);
    zip.destroy();
    await once(zip, 'close');
    await until(() => opened[0]!.destroyed);
    // Time for any further open to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened).toHaveLength(1);
  });

  it('destroys an entry that opens after its reader went away', async () => {
    let release!: () => void;
    const late = endless();
    const { sources, opened } = entries(
      2,
      () => new Promise<Readable>((resolve) => (release = () => resolve(late))),
    );
    const zip = streamedZip(listing, sources);
    zip.resume();
    await until(() => release !== undefined);
    zip.destroy();
    release();
    await until(() => late.destroyed);
    expect(opened).toEqual([late]);
  });

  it('ends with the error when an entry cannot be opened, opening no other', async () => {
    const opens: number[] = [];
    const sources: ZipEntrySource[] = [0, 1, 2].map((index) => ({
      name: `${index}.png`,
      mtime,
      open: async () => {
        opens.push(index);
        if (index === 1) throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
        return Readable.from([Buffer.from('image')]);
      },
    }));
    await expect(readAll(streamedZip(listing, sources))).rejects.toThrow(/EMFILE/);
    expect(opens).toEqual([0, 1]);
  });

  it('ends with the error when an entry fails while read, and destroys it', async () => {
    const failing = endless();
    const { sources, opened } = entries(3, () => failing);
    const zip = streamedZip(listing, sources);
    setTimeout(() => failing.destroy(new Error('EIO: i/o error, read')), 20);
    await expect(readAll(zip)).rejects.toThrow(/EIO/);
    expect(opened).toEqual([failing]);
  });
});
