import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ARCHIVE_ACTIONS, ErrorReason, TaskStatus } from '@draw/shared';
import { AppError } from '../../errors';
import { BLOB_KEY, MIME_BY_EXTENSION, type BlobStore } from '../../blobs/port';
import type { UsersRepository } from '../auth/repository';
import type { ChannelDoc } from '../channels/repository';
import type { TaskDoc, TasksRepository } from '../tasks/repository';
import type { SharedResult } from './page';
import type { SharesRepository } from './repository';

export interface ShareDeps {
  repo: SharesRepository;
  tasks: Pick<TasksRepository, 'byId'>;
  users: Pick<UsersRepository, 'byId'>;
  /** The channel, if the person is a member of it (refused otherwise: `channel.notMember`). */
  asMember: (channelId: string, userId: string) => Promise<ChannelDoc>;
  blobs: Pick<BlobStore, 'open'>;
  /** Whether an admin hid the result (moderation): never made public, and its link stops. */
  isHidden: (taskId: string) => Promise<boolean>;
  now: () => number;
}

/** 18 random bytes: 144 bits, 24 base64url characters; nobody finds a link by trying. */
const TOKEN_BYTES = 18;
/** The shape of a token, checked before any read: anything else answers 404 without a query. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{24}$/;

const notFound = () => new AppError(ErrorReason.NotFound, 'share.notFound');

/** A finished image of the archive's kinds (not a describe, a shortened prompt or an editor's draft). */
const isShareableImage = (doc: TaskDoc) =>
  doc.status === TaskStatus.Success &&
  Boolean(doc.imageUrl) &&
  ARCHIVE_ACTIONS.includes(doc.action) &&
  !doc.private;

/** The stored image's key (`/files/<key>`), or null for an image kept elsewhere. */
const blobKeyOf = (doc: TaskDoc) => {
  const key = (doc.imageUrl ?? '').replace(/^\/files\//, '');
  return BLOB_KEY.test(key) && key !== doc.imageUrl ? key : null;
};

export function shareService({ repo, tasks, users, asMember, blobs, isHidden, now }: ShareDeps) {
  /**
   * The result, if this person may make or stop its public link: a member of its channel who is
   * its author, or any member when the channel's creator allows it.
   */
  async function shareableBy(userId: string, taskId: string): Promise<TaskDoc> {
    const doc = await tasks.byId(taskId);
    if (!doc || !isShareableImage(doc) || !blobKeyOf(doc)) throw notFound();
    const channel = await asMember(doc.channelId, userId);
    if (doc.userId !== userId && !channel.membersMayShare)
      throw new AppError(ErrorReason.Forbidden, 'share.authorOnly');
    return doc;
  }

  /** The result a live link names, or null (unknown, revoked, hidden, or no longer an image). */
  async function resultOf(token: string): Promise<TaskDoc | null> {
    if (!SHARE_TOKEN.test(token)) return null;
    const share = await repo.byToken(token);
    if (!share) return null;
    const doc = await tasks.byId(share._id);
    if (!doc || !isShareableImage(doc) || (await isHidden(doc._id))) return null;
    return doc;
  }

  return {
    /** Makes the result's link (or gives the one it has): the token, for the caller to make a URL of. */
    async create(userId: string, taskId: string): Promise<string> {
      const doc = await shareableBy(userId, taskId);
      if (await isHidden(doc._id)) throw new AppError(ErrorReason.Forbidden, 'share.hidden');
      const share = await repo.open({
        _id: doc._id,
        token: randomBytes(TOKEN_BYTES).toString('base64url'),
        channelId: doc.channelId,
        createdBy: userId,
        createdAt: now(),
      });
      if (!share) throw notFound();
      return share.token;
    },

    /** Stops the result's link at once (nothing to stop is no error). */
    async revoke(userId: string, taskId: string): Promise<void> {
      await shareableBy(userId, taskId);
      await repo.revoke(taskId);
    },

    /** What the public page shows for a live link, or null. */
    async page(token: string): Promise<SharedResult | null> {
      const doc = await resultOf(token);
      if (!doc) return null;
      const author = await users.byId(doc.userId);
      return {
        prompt: doc.prompt,
        authorName: author?.name ?? '',
        width: doc.properties.width ?? null,
        height: doc.properties.height ?? null,
      };
    },

    /** The image bytes of a live link, or null. */
    async image(token: string): Promise<{ stream: Readable; size: number; type: string } | null> {
      const doc = await resultOf(token);
      const key = doc && blobKeyOf(doc);
      if (!key) return null;
      const opened = await blobs.open(key);
      if (!opened) return null;
      return { ...opened, type: MIME_BY_EXTENSION[key.split('.').pop() ?? ''] ?? 'application/octet-stream' };
    },
  };
}
export type ShareService = ReturnType<typeof shareService>;
