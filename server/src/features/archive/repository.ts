import { ARCHIVE_ACTIONS, ARCHIVE_KIND_ACTIONS, TaskStatus, type ArchiveQuery } from '@draw/shared';
import {
  defineCollection,
  type BaseDoc,
  type Collection,
  type Filter,
  type Storage,
} from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';
import { Tasks, type TaskDoc } from '../tasks/repository';

/** One person's star on one image: private to them. */
export interface FavoriteDoc extends BaseDoc {
  /** `_id` is `<userId>:<taskId>`: a person stars an image at most once. */
  userId: string;
  taskId: string;
  /** The image's finish time, so "favourites only" pages in the archive's own order. */
  finishTime: number;
  createdAt: number;
}

const favoriteSchema = documentSchema({
  userId: { type: String, required: true },
  taskId: { type: String, required: true },
  finishTime: { type: Number, required: true },
  createdAt: { type: Number, required: true },
} satisfies StoredFields<FavoriteDoc>);
favoriteSchema.index({ userId: 1, taskId: 1 }, { unique: true });
favoriteSchema.index({ userId: 1, finishTime: -1, taskId: -1 });

export const Favorites = defineCollection<FavoriteDoc>('favorites', favoriteSchema);
export const favoriteId = (userId: string, taskId: string) => `${userId}:${taskId}`;

/** A place in the archive's order: newest finish first, ties by id. */
export interface ArchiveCursor {
  finishTime: number;
  id: string;
}

/** The conditions after the cursor on (finishTime, id), spelt so the index range still applies. */
function afterCursor(cursor: ArchiveCursor | null, idField: '_id' | 'taskId') {
  if (!cursor) return {};
  return { $or: [{ finishTime: { $lt: cursor.finishTime } }, { [idField]: { $lt: cursor.id } }] };
}

/** MongoDB refuses an empty `$and`, so none is written when there is nothing to add. */
function all(parts: Filter<TaskDoc>[]): Filter<TaskDoc> {
  const present = parts.filter((part) => Object.keys(part).length > 0);
  return present.length ? { $and: present } : {};
}

/** Finish times within the query's dates, and not after the cursor's. */
function finishRange(query: Pick<ArchiveQuery, 'from' | 'to'>, cursor: ArchiveCursor | null) {
  const upper = Math.min(query.to ?? Number.MAX_SAFE_INTEGER, cursor?.finishTime ?? Number.MAX_SAFE_INTEGER);
  return { $lte: upper, ...(query.from !== undefined ? { $gte: query.from } : {}) };
}

/** What every archive image is: a finished task with a picture (not describe or shorten). */
const finishedImages = {
  status: TaskStatus.Success,
  imageUrl: { $ne: null },
  action: { $in: ARCHIVE_ACTIONS },
} as const;

/** The filters of the query that are not about who may see what or where the page starts. */
function contentFilter(query: ArchiveQuery): Filter<TaskDoc>[] {
  const parts: Filter<TaskDoc>[] = [];
  if (query.kind) parts.push({ action: { $in: ARCHIVE_KIND_ACTIONS[query.kind] } });
  if (query.ratio) parts.push({ 'properties.ratio': query.ratio });
  const text = query.q?.trim();
  if (text) parts.push({ $or: [{ prompt: { $contains: text } }, { promptEn: { $contains: text } }] });
  return parts;
}

/** Where a page's images may come from: one person's, or one channel's (one index range each). */
export type ImageSource = { userId: string; channelId?: string } | { channelId: string };

/**
 * One source's archive images matching the query, after the cursor, newest first: read along its
 * (…, status, finishTime, _id) index, so no sort and no offset.
 */
const archiveImages = (
  tasks: Pick<Collection<TaskDoc>, 'find'>,
  source: ImageSource,
  query: ArchiveQuery,
  cursor: ArchiveCursor | null,
  limit: number,
) =>
  tasks.find(
    {
      ...source,
      ...finishedImages,
      finishTime: finishRange(query, cursor),
      ...all([afterCursor(cursor, '_id'), ...contentFilter(query)]),
    },
    { sort: { finishTime: -1, _id: -1 }, limit },
  );

/** The archive's reads of the tasks: finished images, one source at a time. */
export function archiveImagesRepository(storage: Storage) {
  const tasks = storage.collection(Tasks);
  return {
    /** One source's archive images matching the query, after the cursor, newest first. */
    page: (source: ImageSource, query: ArchiveQuery, cursor: ArchiveCursor | null, limit: number) =>
      archiveImages(tasks, source, query, cursor, limit),
  };
}
export type ArchiveImagesRepository = ReturnType<typeof archiveImagesRepository>;

export function favoritesRepository(storage: Storage) {
  const favorites = storage.collection(Favorites);
  return {
    /** Stars an image for a person (a second star changes nothing). */
    star: (userId: string, taskId: string, finishTime: number, at: number) =>
      favorites.findOneAndUpdate(
        { _id: favoriteId(userId, taskId) },
        { $setOnInsert: { userId, taskId, finishTime, createdAt: at } },
        { upsert: true },
      ),
    /** Takes a person's star off an image. */
    unstar: (userId: string, taskId: string) => favorites.deleteOne({ _id: favoriteId(userId, taskId) }),
    /** The person's stars among these images. */
    among: (userId: string, taskIds: readonly string[]) =>
      favorites.find({ userId, taskId: { $in: taskIds } }),
    /** The person's stars within the query's dates after the cursor, in the archive's order. */
    page: (
      userId: string,
      query: Pick<ArchiveQuery, 'from' | 'to'>,
      cursor: ArchiveCursor | null,
      limit: number,
    ) =>
      favorites.find(
        { userId, finishTime: finishRange(query, cursor), ...afterCursor(cursor, 'taskId') },
        { sort: { finishTime: -1, taskId: -1 }, limit },
      ),
  };
}
export type FavoritesRepository = ReturnType<typeof favoritesRepository>;
