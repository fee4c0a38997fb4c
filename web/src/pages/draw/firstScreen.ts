import type { Channel, MessagePage } from '@draw/shared';
import { getLiveConnection } from '../../live/connection';
import { getToken } from '../../stores/auth';
import { fetchChannels } from '../../stores/channels';
import { fetchPage } from './feed/feedApi';

/**
 * The drawing screen's first calls, started by `main.tsx` before React renders: the address says
 * which screen and channel it is, so the socket (ticket, then handshake), the channel list and the
 * channel's latest page need not wait for the render, the channel session or the subscription.
 * Each answer is taken once by the code that would otherwise have asked (`take…`); what nobody
 * takes (another channel got selected) is dropped.
 */

interface FirstPage {
  channelId: string;
  answer: Promise<MessagePage | null>;
  /** The page once it is in: a feed mounted after that shows it in its very first render. */
  arrived: MessagePage | null;
}

interface FirstCalls {
  channels: Promise<Channel[]> | null;
  page: FirstPage | null;
}

const started: FirstCalls = { channels: null, page: null };

/** The address `/chat` sends to (spec §2) when it names no channel: the list picks the first. */
const NO_CHANNEL = 'index';

/** `/draw/{uuid}` or `/chat/{uuid}` → the uuid (null for `/draw` alone, `/chat/index` or another screen). */
export function channelOfPath(pathname: string): string | null {
  const named = /^\/(?:draw|chat)\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;
  return named === NO_CHANNEL ? null : named;
}

export function isDrawingPath(pathname: string): boolean {
  return /^\/(draw|chat)(\/|$)/.test(pathname);
}

/** Signed in on the drawing screen: start its calls now (nothing otherwise). */
export function startFirstScreen(pathname: string): void {
  if (!getToken() || !isDrawingPath(pathname)) return;
  getLiveConnection().start();
  started.channels = fetchChannels();
  // Avoid an unhandled rejection when nobody takes it; the taker sees the failure itself.
  started.channels.catch(() => undefined);
  const channelId = channelOfPath(pathname);
  if (channelId) {
    // Silent: the address may name a channel that is not (or no longer) the user's; the list then
    // picks another one and this answer is dropped without a toast.
    const answer = fetchPage(channelId, undefined, { silent: true }).catch(() => null);
    const page: FirstPage = { channelId, answer, arrived: null };
    void answer.then((arrived) => {
      page.arrived = arrived;
    });
    started.page = page;
  }
}

/** The list call started with the page, once; `null` afterwards (load it yourself). */
export function takeFirstChannels(): Promise<Channel[]> | null {
  const { channels } = started;
  started.channels = null;
  return channels;
}

/** The page of `channelId` started with the page if it is in already, without taking it. */
export function firstPageIfIn(channelId: string): MessagePage | null {
  const { page } = started;
  return page?.channelId === channelId ? page.arrived : null;
}

/** The page of `channelId` started with the page, once (resolves `null` if it failed). */
export function takeFirstPage(channelId: string): Promise<MessagePage | null> | null {
  const { page } = started;
  if (page?.channelId !== channelId) return null;
  started.page = null;
  return page.answer;
}
