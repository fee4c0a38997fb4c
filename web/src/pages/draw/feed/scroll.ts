/** Pure scroll rules of the message list. */

/** Within this distance of the bottom the list follows new messages. */
export const NEAR_BOTTOM_PX = 120;
/** Within this distance of the top, older messages are loaded. */
export const NEAR_TOP_PX = 240;

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function distanceFromBottom(box: ScrollBox): number {
  return Math.max(0, box.scrollHeight - box.clientHeight - box.scrollTop);
}

export function isNearBottom(box: ScrollBox, threshold = NEAR_BOTTOM_PX): boolean {
  return distanceFromBottom(box) <= threshold;
}

/**
 * Whether the reader was at the bottom before the content grew from `heightBefore` to what it is
 * now. Reads the scroll position itself, which is current even while its scroll event is still
 * on its way: a reader who has just scrolled up is not pulled back down by content that grows
 * in the same frame.
 */
export function wasNearBottom(
  box: Pick<ScrollBox, 'scrollTop' | 'clientHeight'>,
  heightBefore: number,
  threshold = NEAR_BOTTOM_PX,
): boolean {
  return heightBefore - box.clientHeight - box.scrollTop <= threshold;
}

export function isNearTop(box: ScrollBox, threshold = NEAR_TOP_PX): boolean {
  return box.scrollTop <= threshold;
}

/**
 * Where to scroll after older messages were put above what the user is reading, so that it stays
 * exactly where it was on screen: the content grew by `after - before` above the viewport.
 */
export function keepPositionAfterPrepend(
  scrollTop: number,
  heightBefore: number,
  heightAfter: number,
): number {
  return scrollTop + Math.max(0, heightAfter - heightBefore);
}

export interface ListEdges {
  first: string | null;
  last: string | null;
  count: number;
}

export interface ListChange {
  /** The first messages arrived. */
  initial: boolean;
  /** Older messages were put above the previous first one. */
  prepended: boolean;
  /** Newer messages were put below the previous last one. */
  appended: boolean;
}

/** What happened to the list between two renders, from its edges and the ids it now holds. */
export function listChange(before: ListEdges, after: ListEdges, ids: ReadonlySet<string>): ListChange {
  const initial = before.count === 0 && after.count > 0;
  if (initial) return { initial, prepended: false, appended: false };
  const prepended = before.first !== null && before.first !== after.first && ids.has(before.first);
  const appended =
    before.last !== null && after.last !== null && before.last !== after.last && ids.has(before.last);
  return { initial, prepended, appended };
}
