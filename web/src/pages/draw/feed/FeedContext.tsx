import type { Channel, Task } from '@draw/shared';
import type { ViewerImage } from './ImageViewer';
import { createContext, useContext } from 'react';

/** What the rows of the feed need from the screen around them. */
export interface FeedActions {
  channel: Channel;
  /** The signed-in user's id. */
  me: string;
  openViewer: (image: ViewerImage) => void;
  /** Opens the editor of a MODAL task (the submitter's only). */
  openEditor: (taskId: string) => void;
  /** A button of ours created `taskId`: open its editor as soon as it shows up in MODAL. */
  expectEditor: (taskId: string) => void;
  mergeTasks: (tasks: readonly Task[]) => void;
  removeMessage: (messageId: string) => void;
  /** A known task by id (the parent of a reply), if loaded. */
  taskById: (taskId: string) => Task | undefined;
  /** Whether the U/V button `key` (see `gridButtonKey`) of a grid already made a task in this feed. */
  isUsed: (taskId: string, key: string) => boolean;
  /** Scrolls to the card of a task, if shown. */
  jumpToTask: (taskId: string) => void;
  /** A member's name by id (mentions, who reacted), if known. */
  nameOf: (userId: string) => string | undefined;
  /** Scrolls to a message and flashes it, loading older pages if needed (a reply's quote). */
  jumpToMessage: (messageId: string) => void;
  /** Adds (`add`) or takes back my reaction; shown at once, put back if the server refuses. */
  toggleReaction: (messageId: string, emoji: string, add: boolean) => void;
  /** Saves an edit of my message; true when the server took it. */
  editMessage: (messageId: string, content: string) => Promise<boolean>;
  /** Puts a result's picture into the composer as a reference image. */
  useAsReference: (imageUrl: string) => void;
}

export const FeedContext = createContext<FeedActions | null>(null);

export function useFeedActions(): FeedActions {
  const actions = useContext(FeedContext);
  if (!actions) throw new Error('useFeedActions outside FeedContext');
  return actions;
}
