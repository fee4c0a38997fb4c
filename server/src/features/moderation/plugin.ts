import type { FastifyPluginAsync } from 'fastify';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import type { ArchiveService } from '../archive/service';
import type { ModerationService } from './service';

interface ModerationPluginOptions {
  moderation: ModerationService;
  archive: Pick<ArchiveService, 'visible'>;
  announcement: () => Promise<{ text: string | null; updatedAt: number | null }>;
}

/** What every page asks of moderation: the site's banner, and reporting an image. */
export const moderationPlugin: FastifyPluginAsync<ModerationPluginOptions> = async (
  app,
  { moderation, archive, announcement },
) => {
  serve(app, api.company.announcement, () => announcement());

  serve(app, api.archive.report, async (request) => {
    const user = currentUser(request);
    // Only whoever may see the image may report it; to anyone else it does not exist.
    const doc = await archive.visible(user._id, request.params.taskId);
    await moderation.report(
      doc._id,
      { channelId: doc.channelId, authorId: doc.userId },
      { userId: user._id, reason: request.body.reason.trim() },
    );
    return { taskId: doc._id, reported: true as const };
  });
};
