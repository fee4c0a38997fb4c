import { PassThrough, type Readable } from 'node:stream';
import {
  ARCHIVE_ACTIONS,
  ARCHIVE_KIND_ACTIONS,
  ArchiveLimits,
  ArchiveScope,
  ErrorReason,
  TaskAction,
  TaskStatus,
  archiveFileNames,
  archiveZipName,
  type ArchiveFamily,
  type ArchiveItem,
  type ArchivePage,
  type ArchiveQuery,
  type ArchiveZipEntry,
  type FavoriteChange,
} from '@draw/shared';
import { AppError } from '../../errors';
import type { BlobStore } from '../../blobs/port';
import type { ChannelHub } from '../../realtime/hub';
import type { UsersRepository } from '../auth/repository';
import type { ChannelsRepository } from '../channels/repository';
import { toTask, type TaskDoc, type TasksRepository } from '../tasks/repository';
import type { ArchiveCursor, ArchiveImagesRepository, FavoritesRepository, ImageSource } from './repository';
import { streamedZip } from './zip';

export interface ArchiveDeps {
  tasks: TasksRepository;
  /** The archive's pages of finished images. */
  images: ArchiveImagesRepository;
  favorites: FavoritesRepository;
  channels: ChannelsRepository;
  users: Pick<UsersRepository, 'byIds'>;
  blobs: BlobStore;
  hub: ChannelHub;
  now: () => number;
  /** The images an admin hid (moderation): left out for everyone. */
  hidden?: () => Promise<ReadonlySet<string>>;
}

const DEFAULT_AVATAR = '/discord256.png';
/** Favourites read per round when "favourites only" filters them further; rounds per page at most. */
const FAVORITE_BATCH = 200;
const FAVORITE_ROUNDS = 10;

const notFound = () => new AppError(ErrorReason.NotFound, 'archive.notFound');

type Cursor = ArchiveCursor;

/** Who asks, with the channels whose images they see (read once per request, when first needed). */
interface Viewer {
  userId: string;
  openChannels(): Promise<Set<string>>;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.finishTime, cursor.id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 64
    ) {
      return { finishTime: value[0] as number, id: value[1] };
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError(ErrorReason.BadRequest, 'archive.badCursor');
}

/** Newest first, ties by id: the one order of every archive list and its cursor. */
const newerFirst = (a: TaskDoc, b: TaskDoc) =>
  (b.finishTime ?? 0) - (a.finishTime ?? 0) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

const isArchiveImage = (doc: TaskDoc) =>
  doc.status === TaskStatus.Success && Boolean(doc.imageUrl) && ARCHIVE_ACTIONS.includes(doc.action);

/** ASCII letters folded, the rest as written: what `$contains` does in the store. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** `contentFilter` for tasks already read (the favourites' pages read them by id). */
function matchesContent(doc: TaskDoc, query: ArchiveQuery): boolean {
  if (query.kind && !ARCHIVE_KIND_ACTIONS[query.kind].includes(doc.action)) return false;
  if (query.ratio && doc.properties.ratio !== query.ratio) return false;
  const finished = doc.finishTime ?? 0;
  if ((query.from !== undefined && finished < query.from) || (query.to !== undefined && finished > query.to))
    return false;
  const text = query.q?.trim();
  return (
    !text || [doc.prompt, doc.promptEn].some((field) => foldAscii(field ?? '').includes(foldAscii(text)))
  );
}

export function archiveService({
  tasks,
  images,
  favorites,
  channels,
  users,
  blobs,
  hub,
  now,
  hidden,
}: ArchiveDeps) {
  /**
   * One request's reader. The channels whose members' images they see (those they are in now, not
   * deleted) are read at most once per request, in two statements, however many images it checks:
   * read per image, a family of 50 ancestors read a person's memberships 50 times.
   */
  function viewerOf(userId: string): Viewer {
    let open: Promise<Set<string>> | undefined;
    const read = async () => {
      const joined = await channels.members.channelIdsOf(userId);
      if (joined.length === 0) return new Set<string>();
      return new Set((await channels.channels.liveByIds(joined)).map((c) => c._id));
    };
    return { userId, openChannels: () => (open ??= read()) };
  }

  /**
   * The images among these ids the person may see. Read by primary key alone and checked here:
   * with more conditions in the statement SQLite may prefer a status index and read every finished task.
   */
  async function visibleDocs(viewer: Viewer, ids: readonly string[]): Promise<Map<string, TaskDoc>> {
    if (ids.length === 0) return new Map();
    const gone = (await hidden?.()) ?? new Set<string>();
    const docs = (await tasks.byIds(ids)).filter((d) => isArchiveImage(d) && !gone.has(d._id));
    const foreign = docs.some((d) => d.userId !== viewer.userId);
    const open = foreign ? await viewer.openChannels() : new Set<string>();
    return new Map(
      docs.filter((d) => d.userId === viewer.userId || open.has(d.channelId)).map((d) => [d._id, d]),
    );
  }

  async function visibleDoc(viewer: Viewer, taskId: string): Promise<TaskDoc> {
    const doc = (await visibleDocs(viewer, [taskId])).get(taskId);
    if (!doc) throw notFound();
    return doc;
  }

  /**
   * Each channel's title as this reader may know it: the channel's own while they are in it; for
   * one they left (or were removed or banned from), the title it had when they left, so its later
   * renames do not reach them.
   */
  async function titlesFor(
    viewer: Viewer,
    channelIds: readonly string[],
    open: Set<string>,
  ): Promise<Map<string, string>> {
    const left = channelIds.filter((id) => !open.has(id));
    const [channelDocs, departures] = await Promise.all([
      channels.channels.byIds(channelIds),
      channels.departures.ofUserAmong(viewer.userId, left),
    ]);
    const titles = new Map(channelDocs.map((c) => [c._id, c.title]));
    for (const departure of departures) titles.set(departure.channelId, departure.title);
    return titles;
  }

  async function toItems(viewer: Viewer, all: readonly TaskDoc[]): Promise<ArchiveItem[]> {
    const gone = (await hidden?.()) ?? new Set<string>();
    const docs = all.filter((d) => !gone.has(d._id));
    if (docs.length === 0) return [];
    const ids = docs.map((d) => d._id);
    const open = await viewer.openChannels();
    const [authors, titles, starred] = await Promise.all([
      users.byIds(docs.map((d) => d.userId)),
      titlesFor(viewer, [...new Set(docs.map((d) => d.channelId))], open),
      favorites.among(viewer.userId, ids),
    ]);
    const authorById = new Map(authors.map((u) => [u._id, u]));
    const starredIds = new Set(starred.map((f) => f.taskId));
    return docs.map((doc) => {
      const author = authorById.get(doc.userId);
      return {
        task: toTask(doc),
        author: { id: doc.userId, name: author?.name ?? '—', avatar: author?.avatar || DEFAULT_AVATAR },
        channel: {
          id: doc.channelId,
          title: titles.get(doc.channelId) ?? '—',
          open: open.has(doc.channelId),
        },
        favorite: starredIds.has(doc._id),
      };
    });
  }

  /** Where the page's images may come from: the person's own, and each open channel's (one index range each). */
  function sources(userId: string, query: ArchiveQuery, open: Set<string>): ImageSource[] {
    const mine: ImageSource = { userId, ...(query.channelId ? { channelId: query.channelId } : {}) };
    if (query.scope === ArchiveScope.Mine) return [mine];
    if (query.channelId) return open.has(query.channelId) ? [{ channelId: query.channelId }] : [mine];
    return [mine, ...[...open].map((channelId) => ({ channelId }))];
  }

  async function page(userId: string, query: ArchiveQuery): Promise<ArchivePage> {
    const viewer = viewerOf(userId);
    const limit = Math.min(query.limit ?? ArchiveLimits.pageDefault, ArchiveLimits.pageMax);
    if (query.from !== undefined && query.to !== undefined && query.from > query.to)
      throw new AppError(ErrorReason.BadRequest, 'archive.badRange');
    const cursor = decodeCursor(query.cursor);
    if (query.favorite) return favoritePage(viewer, query, cursor, limit);
    const open = await viewer.openChannels();

    // Each source is read along its own (…, status, finishTime, _id) index, then merged: no sort, no offset.
    const seen = new Map<string, TaskDoc>();
    for (const source of sources(userId, query, open)) {
      for (const doc of await images.page(source, query, cursor, limit + 1)) seen.set(doc._id, doc);
    }
    const merged = [...seen.values()].sort(newerFirst);
    const docs = merged.slice(0, limit);
    const last = docs.at(-1);
    const nextCursor =
      merged.length > limit && last ? encodeCursor({ finishTime: last.finishTime ?? 0, id: last._id }) : null;
    return { items: await toItems(viewer, docs), nextCursor };
  }

  /**
   * "Favourites only": the person's stars in the archive's order, each round's tasks read by id
   * with the other filters. A page reads a bounded number of rounds; a short page with a cursor
   * means "more may follow".
   */
  async function favoritePage(
    viewer: Viewer,
    query: ArchiveQuery,
    cursor: Cursor | null,
    limit: number,
  ): Promise<ArchivePage> {
    const { userId } = viewer;
    const wanted = (doc: TaskDoc) =>
      (query.scope !== ArchiveScope.Mine || doc.userId === userId) &&
      (!query.channelId || doc.channelId === query.channelId) &&
      matchesContent(doc, query);
    const found: TaskDoc[] = [];
    let position = cursor;
    for (let round = 0; round < FAVORITE_ROUNDS && found.length < limit; round++) {
      const stars = await favorites.page(userId, query, position, FAVORITE_BATCH);
      if (stars.length === 0) return { items: await toItems(viewer, found), nextCursor: null };
      const docs = await visibleDocs(
        viewer,
        stars.map((s) => s.taskId),
      );
      const byId = new Map([...docs].filter(([, doc]) => wanted(doc)));
      for (const star of stars) {
        position = { finishTime: star.finishTime, id: star.taskId };
        const doc = byId.get(star.taskId);
        if (doc) found.push(doc);
        if (found.length === limit) break;
      }
      if (stars.length < FAVORITE_BATCH && found.length < limit)
        return { items: await toItems(viewer, found), nextCursor: null };
    }
    return { items: await toItems(viewer, found), nextCursor: position ? encodeCursor(position) : null };
  }

  async function setFavorite(userId: string, taskId: string, favorite: boolean): Promise<FavoriteChange> {
    const doc = await visibleDoc(viewerOf(userId), taskId);
    if (favorite) await favorites.star(userId, taskId, doc.finishTime ?? 0, now());
    else await favorites.unstar(userId, taskId);
    const change = { taskId, favorite };
    hub.favorite(userId, change);
    return change;
  }

  /** Which of these images the person starred (the ⭐ on the channel's task cards); unseen ids are left out. */
  async function starredAmong(userId: string, taskIds: readonly string[]): Promise<string[]> {
    const visible = await visibleDocs(viewerOf(userId), [...new Set(taskIds)]);
    if (visible.size === 0) return [];
    const stars = await favorites.among(userId, [...visible.keys()]);
    return stars.map((star) => star.taskId);
  }

  async function family(userId: string, taskId: string): Promise<ArchiveFamily> {
    const viewer = viewerOf(userId);
    const doc = await visibleDoc(viewer, taskId);
    const ancestors: TaskDoc[] = [];
    let parentId = doc.parentId;
    const walked = new Set([doc._id]);
    while (parentId && !walked.has(parentId) && ancestors.length < ArchiveLimits.familyDepth) {
      walked.add(parentId);
      const parent = (await visibleDocs(viewer, [parentId])).get(parentId);
      if (!parent) break;
      ancestors.unshift(parent);
      parentId = parent.parentId;
    }
    const made = await tasks.childrenOf(doc._id, ArchiveLimits.familyChildren);
    const children = await visibleDocs(
      viewer,
      made.map((c) => c._id),
    );
    const [item, ...rest] = await toItems(viewer, [
      doc,
      ...ancestors,
      ...made.filter((c) => children.has(c._id)),
    ]);
    return {
      item: item!,
      ancestors: rest.slice(0, ancestors.length),
      children: rest.slice(ancestors.length),
    };
  }

  /** The ZIP of the chosen images with a prompts.json listing each one, streamed as it is built (see streamedZip). Every id is checked first. */
  async function zip(
    userId: string,
    taskIds: readonly string[],
  ): Promise<{ stream: Readable; fileName: string }> {
    const unique = [...new Set(taskIds)];
    const viewer = viewerOf(userId);
    const docs = await visibleDocs(viewer, unique);
    if (docs.size !== unique.length) throw notFound();
    const items = await toItems(
      viewer,
      unique.map((id) => docs.get(id)!),
    );
    // A clip's file is the clip itself (its poster is only the grid's still).
    const fileUrl = (task: ArchiveItem['task']) => task.videoUrl ?? task.imageUrl ?? '';
    const names = archiveFileNames(
      items.map(({ task }) => ({
        id: task.id,
        prompt: task.prompt,
        extension: extensionOf(fileUrl(task)),
        fallback: fallbackNameOf(task.action),
      })),
    );
    const entries: ArchiveZipEntry[] = items.map(({ task, author, channel }, index) => {
      const { width, height } = task.properties;
      return {
        file: names[index]!,
        taskId: task.id,
        prompt: task.prompt,
        finalPrompt: task.finalPrompt,
        action: task.action,
        seed: task.seed,
        author: author.name,
        channel: channel.title,
        finishTime: task.finishTime,
        width: width ?? null,
        height: height ?? null,
      };
    });
    const images = items.map(({ task }, index) => {
      const key = fileUrl(task).replace(/^\/files\//, '');
      return {
        name: entries[index]!.file,
        mtime: new Date(task.finishTime ?? now()),
        // A blob gone since the image was made is an empty entry, as prompts.json still lists it.
        open: async () => (await blobs.open(key))?.stream ?? emptyStream(),
      };
    });
    const stream = streamedZip(
      { name: 'prompts.json', data: Buffer.from(JSON.stringify(entries, null, 2)) },
      images,
    );
    const day = new Date(now()).toISOString().slice(0, 10);
    return {
      stream,
      fileName: archiveZipName(
        items.map(({ task }) => task.prompt),
        day,
      ),
    };
  }

  /** The image if this person may see it (its author, or a member of its channel); else "not found". */
  const visible = (userId: string, taskId: string) => visibleDoc(viewerOf(userId), taskId);

  return { page, setFavorite, starredAmong, family, zip, visible };
}

/** A stored file's extension (`png`, `webp`, `mp4`): letters and digits only, `png` when it has none. */
function extensionOf(url: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(url);
  return match ? match[1]!.toLowerCase() : 'png';
}

/** The name of a file whose prompt gives none (a blend is often made without one). */
function fallbackNameOf(action: TaskAction): string {
  if (action === TaskAction.Blend) return 'blend';
  return action === TaskAction.Video ? 'clip' : 'image';
}

function emptyStream(): Readable {
  const stream = new PassThrough();
  stream.end();
  return stream;
}

export type ArchiveService = ReturnType<typeof archiveService>;
