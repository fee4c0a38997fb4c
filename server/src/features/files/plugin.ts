import type { FastifyPluginAsync } from 'fastify';
import { MIME_BY_EXTENSION, type BlobStore } from '../../blobs/port';

/**
 * How a browser may keep an image. A key's bytes never change (blobs are written once and never
 * deleted), yet any result may later be hidden by an admin (moderation): a copy kept for a year
 * would go on showing it. So the browser keeps it but asks again on each use (`no-cache`), with the
 * key as a strong ETag: while the image may be shown the answer is a bodiless 304, once hidden a
 * 404. `private`: a shared proxy keeps nothing, since an admin is answered what others are not.
 * Hashed web assets are not images of people's work: app.ts keeps them immutable.
 */
export const FILE_CACHE_CONTROL = 'private, no-cache';

/** The strong validator of a key's bytes: the key itself (keys are unique and never rewritten). */
export const etagOf = (key: string) => `"${key}"`;

/** Whether an `If-None-Match` header names the key's ETag (a list, weak forms, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** Images under stable, unguessable URLs, revalidated on each use (see FILE_CACHE_CONTROL). */
export const filesPlugin: FastifyPluginAsync<{
  blobs: BlobStore;
  /** An image an admin hid (moderation): gone for everyone but admins (`?` the Bearer's admin flag). */
  isHidden?: (key: string) => Promise<boolean>;
}> = async (app, { blobs, isHidden }) => {
  app.get<{ Params: { key: string } }>('/files/:key', { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    if (isHidden && (await isHidden(key)) && !request.user?.isAdmin)
      return reply.status(404).type('text/plain').header('Cache-Control', 'no-store').send('Not found');
    const etag = etagOf(key);
    // The browser's copy is still the key's bytes, and it may still be shown: nothing to send.
    if (matchesEtag(request.headers['if-none-match'], etag))
      return reply.status(304).header('Cache-Control', FILE_CACHE_CONTROL).header('ETag', etag).send();
    const opened = await blobs.open(key);
    if (!opened)
      return reply.status(404).type('text/plain').header('Cache-Control', 'no-store').send('Not found');
    const extension = key.split('.').pop() ?? '';
    return reply
      .header('Cache-Control', FILE_CACHE_CONTROL)
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Length', opened.size)
      .type(MIME_BY_EXTENSION[extension] ?? 'application/octet-stream')
      .send(opened.stream);
  });
};
