import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, SOCKET_PATH, type ChannelEvent, type SubscribeAck } from '@draw/shared';
import { api } from '../../testing/http';
import { percentile } from '../report';
import type { ServerProcess } from './server';

/**
 * A team's live traffic against one server for a while: members posting chat, tasks submitted
 * and progressing on the builtin engine, reads of channel lists and message pages, every member's
 * socket subscribed, and a catch-up read (subscribe with `afterSeq`) in the channel with the
 * longest history. Latency is measured from this process (its own share of the CPU).
 */

export interface Member {
  token: string;
}

export interface TrafficPlan {
  members: Member[];
  /** The channel every member is in, where the chat and the tasks happen. */
  liveChannelId: string;
  /** A generated channel the first member was made a member of: its tail is the catch-up read. */
  history: { channelId: string; lastSeq: number };
  durationMs: number;
  catchUpEvents: number;
  /** The server's processes that answer requests (WORKERS): each one's gauge is reset at the start. */
  processes: number;
}

export interface TrafficResult {
  requests: number;
  failed: number;
  /** What the failures were: `POST /api/… 429 <message>`, each kind once. */
  failures: string[];
  p50: number;
  p99: number;
  max: number;
  catchUp: { reads: number; p50: number; max: number };
  /** Largest nodejs_eventloop_lag_max_seconds over the phase (prom-client resets it at each scrape), ms. */
  eventLoopMaxMs: number;
  rssMax: number;
  tasksSubmitted: number;
  eventsReceived: number;
  /** When the measured phase began and ended (`Date.now()`), to read what the server's processes wrote. */
  window: { from: number; to: number };
}

const CHAT_EVERY_MS = 2_000;
const TASK_EVERY_MS = 12_000;
const READ_EVERY_MS = 1_000;
const CATCH_UP_EVERY_MS = 10_000;
const SCRAPE_EVERY_MS = 5_000;
/** A catch-up read that has not delivered its events by then is counted as failed (never waited on forever). */
const CATCH_UP_TIMEOUT_MS = 60_000;

export async function openSocket(origin: string, token: string): Promise<Socket> {
  const { ticket } = await api<{ ticket: string }>(origin, 'GET', '/api/ws/pre-connect', token);
  const socket = io(origin, {
    path: SOCKET_PATH,
    auth: { ticket, v: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export function subscribe(socket: Socket, channelId: string, afterSeq?: number): Promise<SubscribeAck> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to channel:subscribe ${channelId}`)), 60_000);
    socket.emit(
      'channel:subscribe',
      afterSeq === undefined ? { channelId } : { channelId, afterSeq },
      (ack: SubscribeAck) => {
        clearTimeout(timer);
        resolve(ack);
      },
    );
  });
}

/** Max of prom-client's event-loop delay gauge since the previous scrape, in ms. */
export async function scrapeEventLoopMaxMs(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const match = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  if (!match) throw new Error('/metrics has no nodejs_eventloop_lag_max_seconds');
  return Number(match[1]) * 1000;
}

/** One scrape on a connection of its own (no keep-alive), answered by the member it is handed to. */
function scrapeOnNewConnection(origin: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/metrics`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      })
      .on('error', reject);
  });
}

/**
 * Starts the measured window in every process: prom-client's gauge covers the time since the
 * previous scrape, start-up included. A scrape reaches only the member its connection was handed
 * to, and the primary hands new connections to the members in turn, so twice as many scrapes as
 * processes, each on a new connection, reach every member.
 */
async function startLoopWindow(origin: string, processes: number): Promise<void> {
  for (let i = 0; i < 2 * processes; i++) await scrapeOnNewConnection(origin);
}

const every = (ms: number, until: number, work: () => Promise<void>) =>
  (async () => {
    while (performance.now() < until) {
      const next = performance.now() + ms;
      await work();
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  })();

export async function runTraffic(server: ServerProcess, plan: TrafficPlan): Promise<TrafficResult> {
  const { origin } = server;
  const sockets = await Promise.all(plan.members.map((m) => openSocket(origin, m.token)));
  let eventsReceived = 0;
  for (const socket of sockets) {
    socket.on('channel:event', () => (eventsReceived += 1));
    const ack = await subscribe(socket, plan.liveChannelId);
    if (!ack.ok) throw new Error(`subscribe refused: ${ack.message}`);
  }
  const reader = plan.members[0]!;
  const catchUpSocket = await openSocket(origin, reader.token);

  await startLoopWindow(origin, plan.processes);
  const from = Date.now();
  const latencies: number[] = [];
  let failed = 0;
  const failures = new Set<string>();
  const timed = async (method: string, url: string, token: string, body?: object) => {
    const started = performance.now();
    try {
      const res = await fetch(`${origin}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (!res.ok || !text.includes('"success":true')) {
        failed += 1;
        const message = /"message":"([^"]*)"/.exec(text)?.[1] ?? text.slice(0, 80);
        failures.add(`${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')} ${res.status} ${message}`);
      }
    } catch (error) {
      failed += 1;
      failures.add(`${method} ${url}: ${(error as Error).message}`);
    }
    latencies.push(performance.now() - started);
  };
  const pick = () => plan.members[Math.floor(Math.random() * plan.members.length)]!;

  const catchUps: number[] = [];
  const catchUp = async () => {
    const afterSeq = plan.history.lastSeq - plan.catchUpEvents;
    let received = 0;
    const started = performance.now();
    const done = new Promise<boolean>((resolve) => {
      const onEvent = (event: ChannelEvent) => {
        if (event.channelId !== plan.history.channelId) return;
        received += 1;
        if (received === plan.catchUpEvents) finish(true);
      };
      const timer = setTimeout(() => finish(false), CATCH_UP_TIMEOUT_MS);
      const finish = (complete: boolean) => {
        clearTimeout(timer);
        catchUpSocket.off('channel:event', onEvent);
        resolve(complete);
      };
      catchUpSocket.on('channel:event', onEvent);
    });
    const ack = await subscribe(catchUpSocket, plan.history.channelId, afterSeq);
    if (!ack.ok) throw new Error(`catch-up subscribe refused: ${ack.message}`);
    if (!(await done)) {
      failed += 1;
      failures.add(
        `catch-up: ${received} of ${plan.catchUpEvents} events within ${CATCH_UP_TIMEOUT_MS / 1000} s`,
      );
      return;
    }
    catchUps.push(performance.now() - started);
  };

  let eventLoopMaxMs = 0;
  let rssMax = 0;
  let tasksSubmitted = 0;
  let n = 0;
  const until = performance.now() + plan.durationMs;
  await Promise.all([
    every(CHAT_EVERY_MS, until, () =>
      timed('POST', `/api/draw/chat/${plan.liveChannelId}`, pick().token, {
        content: `message ${++n}: try it with more fog`,
      }),
    ),
    every(TASK_EVERY_MS, until, async () => {
      tasksSubmitted += 1;
      await timed('POST', `/api/mj/submit/imagine/${plan.liveChannelId}`, pick().token, {
        prompt: `paper boats on a quiet lake at dawn, watercolor ${tasksSubmitted}`,
      });
    }),
    every(READ_EVERY_MS, until, async () => {
      const member = pick();
      await timed('GET', '/api/draw/channels', member.token);
      await timed('GET', `/api/draw/chat/${plan.liveChannelId}?limit=50`, member.token);
      await timed('GET', `/api/draw/chat/${plan.history.channelId}?limit=50`, reader.token);
    }),
    every(CATCH_UP_EVERY_MS, until, catchUp),
    every(SCRAPE_EVERY_MS, until, async () => {
      eventLoopMaxMs = Math.max(eventLoopMaxMs, await scrapeEventLoopMaxMs(origin));
      rssMax = Math.max(rssMax, server.memory().rss);
    }),
  ]);
  eventLoopMaxMs = Math.max(eventLoopMaxMs, await scrapeEventLoopMaxMs(origin));
  rssMax = Math.max(rssMax, server.memory().rss);
  const to = Date.now();
  for (const socket of [...sockets, catchUpSocket]) socket.disconnect();

  const sorted = [...latencies].sort((a, b) => a - b);
  const sortedCatchUps = [...catchUps].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    failed,
    failures: [...failures],
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    catchUp: {
      reads: sortedCatchUps.length,
      p50: percentile(sortedCatchUps, 50),
      max: sortedCatchUps.at(-1) ?? Number.NaN,
    },
    eventLoopMaxMs,
    rssMax,
    tasksSubmitted,
    eventsReceived,
    window: { from, to },
  };
}
