import type { TaskAction } from './constants';
import type { Author, Task } from './entities';

/**
 * The archive: every finished image a person may see (their own from every channel, even after
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
import { ARCHIVE_KIND_ACTIONS, type ArchiveKind } from './actions/registry';

/** Actions whose result is an image (describe and shorten answer with text). */
export const ARCHIVE_ACTIONS: readonly TaskAction[] = Object.values(ARCHIVE_KIND_ACTIONS).flat();

// In its own file: a task's properties name it, and entities must not import this file back.
export { ArchiveRatio, ratioOf } from './ratio';
import type { ArchiveRatio } from './ratio';

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

/** The query of GET /api/archive, as the client sends it (dates are epoch ms). */
export interface ArchiveQuery {
  scope?: ArchiveScope;
  channelId?: string;
  q?: string;
  favorite?: boolean;
  kind?: ArchiveKind;
  ratio?: ArchiveRatio;
  from?: number;
  to?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  limit?: number;
}

export interface ArchiveChannel {
  id: string;
  title: string;
  /** The asker is a member now and the channel exists: "open in channel" works. */
  open: boolean;
}

export interface ArchiveItem {
  task: Task;
  author: Author;
  channel: ArchiveChannel;
  favorite: boolean;
}

export interface ArchivePage {
  items: ArchiveItem[];
  /** null at the end of the archive. */
  nextCursor: string | null;
}

export interface ArchiveFamily {
  /** The chain of parents the asker may see, oldest first (the imagine grid at the start). */
  ancestors: ArchiveItem[];
  item: ArchiveItem;
  /** Images made from this one, oldest first. */
  children: ArchiveItem[];
}

export interface ArchiveZipRequest {
  taskIds: string[];
}

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
export interface FavoriteChange {
  taskId: string;
  favorite: boolean;
}
