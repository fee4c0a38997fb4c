import type { FastifyPluginAsync } from 'fastify';
import { MIME_BY_EXTENSION, type BlobStore } from '../../blobs/port';

/**
 * Images under stable, unguessable URLs. The key never changes its bytes, so browsers and proxies
 * may keep them for a year.
 */
export const filesPlugin: FastifyPluginAsync<{
  blobs: BlobStore;
  /** An image an admin hid (moderation): gone for everyone but admins (`?` the Bearer's admin flag). */
  isHidden?: (key: string) => Promise<boolean>;
}> = async (app, { blobs, isHidden }) => {
  app.get<{ Params: { key: string } }>('/files/:key', { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    if (isHidden && (await isHidden(key)) && !request.user?.isAdmin)
      return reply.status(404).type('text/plain').header('Cache-Control', 'no-store').send('Not found');
    const opened = await blobs.open(key);
    if (!opened) return reply.status(404).type('text/plain').send('Not found');
    const extension = key.split('.').pop() ?? '';
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Length', opened.size)
      .type(MIME_BY_EXTENSION[extension] ?? 'application/octet-stream')
      .send(opened.stream);
  });
};
