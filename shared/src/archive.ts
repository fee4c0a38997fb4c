import type { Static } from 'typebox';
import type { TaskAction } from './constants';
import type { api } from './routes/index';
import type { AnswerOf, BodyOf, QueryOf } from './routes/route';
import type { ArchiveItemSchema, FavoriteChangeSchema } from './routes/schemas';

/**
 * The archive: every finished image and clip a person may see (their own from every channel, even after
 * they left it or it was deleted; other members' from the channels they are in now), with private
 * favourites. Routes:
 *   GET    /api/archive?scope=&channelId=&q=&favorite=&kind=&ratio=&from=&to=&cursor=&limit= → ArchivePage
 *   PUT    /api/archive/favorite/{taskId} → FavoriteChange
 *   DELETE /api/archive/favorite/{taskId} → FavoriteChange
 *   POST   /api/archive/favorites  (ArchiveZipRequest-shaped `{ taskIds }`, ≤ 200) → string[]: the starred ones
 *   GET    /api/archive/task/{taskId}/family → ArchiveFamily
 *   POST   /api/archive/zip  (ArchiveZipRequest) → application/zip, with a `prompts.json`
 * An id the asker may not see is refused as not found, whether it exists or not.
 */
type ValueOf<T> = T[keyof T];

export const ArchiveScope = { Mine: 'mine', All: 'all' } as const;
export type ArchiveScope = ValueOf<typeof ArchiveScope>;

// Which task goes under which kind is each action's `archive` (`actions/registry.ts`).
export { ArchiveKind, ARCHIVE_KIND_ACTIONS } from './actions/registry';
import { ARCHIVE_KIND_ACTIONS } from './actions/registry';

/** Actions whose result is an image or a clip (with its poster still) (describe and shorten answer with text). */
export const ARCHIVE_ACTIONS: readonly TaskAction[] = Object.values(ARCHIVE_KIND_ACTIONS).flat();

// In its own file: a task's properties name it, and entities must not import this file back.
export { ArchiveRatio, ratioOf } from './ratio';

export const ArchiveLimits = {
  pageDefault: 40,
  pageMax: 100,
  zipMaxImages: 500,
  queryMaxChars: 100,
  /** Parents followed up the chain at most (a chain is built one button at a time). */
  familyDepth: 50,
  familyChildren: 100,
  /** Task ids per "which of these did I star" question (a page of the channel's feed). */
  starLookupMax: 200,
} as const;

/** The query of GET /api/archive, as the client sends it (dates are epoch ms; `cursor`: `nextCursor` of the previous page). */
export type ArchiveQuery = QueryOf<typeof api.archive.page>;

export type ArchiveItem = Static<typeof ArchiveItemSchema>;
export type ArchiveChannel = ArchiveItem['channel'];

/** `nextCursor`: null at the end of the archive. */
export type ArchivePage = AnswerOf<typeof api.archive.page>;

/**
 * `ancestors`: the chain of parents the asker may see, oldest first (the imagine grid at the
 * start); `children`: images made from this one, oldest first.
 */
export type ArchiveFamily = AnswerOf<typeof api.archive.family>;

export type ArchiveZipRequest = BodyOf<typeof api.archive.zip>;

/** One line of the ZIP's `prompts.json`. */
export interface ArchiveZipEntry {
  file: string;
  taskId: string;
  prompt: string;
  finalPrompt: string;
  action: TaskAction;
  seed: string | null;
  author: string;
  channel: string;
  finishTime: number | null;
  width: number | null;
  height: number | null;
}

/** Sent to every socket of the person (`archive:favorite`) and answered by the favourite routes. */
export type FavoriteChange = Static<typeof FavoriteChangeSchema>;

export { archiveFileNames, archiveZipName, attachmentDisposition, promptStem } from './archiveNames';
export type { NamedFile } from './archiveNames';
