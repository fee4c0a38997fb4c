import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTerminal } from '@draw/machines';
import type { ChannelDetail, ChannelEvent, Task } from '@draw/shared';
import { listen, startTestApp, type TestApp } from '../../server/test/support/harness';
import { Events } from '../../server/src/realtime/repository';
import { Ledger, memberLoop, type World } from './support/activity';
import {
  channelWithMembers,
  must,
  signIn,
  tasksByIds,
  visibleItem,
  wholeChannel,
  type Member,
} from './support/client';
import { seededRandom, sleep, suiteSeed } from './support/random';
import { ChannelViewer } from './support/viewer';

/**
 * Reconnect: a channel with steady activity (tasks drawing, messages), one tab that never drops
 * and six that drop their socket for a seeded 1 s – 2 min, in parallel. Each dropped tab comes
 * back with a new pre-connect ticket and subscribes with `afterSeq` = the last seq it applied; it
 * must get exactly what it missed (nothing older, nothing lost, applied once each in order, no
 * REST reload needed), and end up showing what the steady tab shows and what REST answers. When
 * the log no longer holds what a tab missed, the server says `channel:resync` and the tab's
 * REST reload brings it to the same state.
 */

const SEED = suiteSeed('reconnect');
/** How long the channel stays busy; the longest drop (about 2 min) fits inside it. */
const ACTIVITY_MS = Number(process.env.RESILIENCE_RECONNECT_ACTIVITY_MS ?? 130_000);
const DROPPERS = 6;
const MIN_DROP_MS = 1_000;
const MAX_DROP_MS = Math.min(120_000, ACTIVITY_MS - 8_000);

let app: TestApp;
let origin = '';
let members: Member[] = [];
let channelId = '';
let steady: ChannelViewer;
const viewers: ChannelViewer[] = [];

beforeAll(async () => {
  app = await startTestApp({ BUILTIN_ENGINE_STEP_MS: '200', FREE_DAILY_CREDITS: '100000' });
  origin = await listen(app);
  members = await Promise.all(
    ['alice', 'bob', 'carol'].map((label, i) =>
      signIn(origin, `1372000${String(i).padStart(4, '0')}`, label, `10.78.0.${i + 1}`),
    ),
  );
  channelId = await channelWithMembers(origin, members[0]!, members.slice(1), 'reconnect');
  steady = new ChannelViewer(origin, members[0]!, channelId, 'steady');
  viewers.push(steady);
  await steady.start();
});

afterAll(async () => {
  for (const viewer of viewers) viewer.stop();
  await app?.close();
  if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
});

const currentSeq = async () =>
  (await must<ChannelDetail>(origin, 'GET', `/api/draw/channel/${channelId}`, members[0]!.token)).seq;

/** Waits until no task of the channel is still running, then until every tab has applied the whole log. */
async function quiesce(tabs: readonly ChannelViewer[]): Promise<number> {
  const deadline = Date.now() + 90_000;
  let unfinished: Task[] = [];
  do {
    const page = await wholeChannel(origin, members[0]!.token, channelId);
    const ids = new Set([...page.tasks.map((t) => t.id), ...tabs.flatMap((v) => Object.keys(v.state.tasks))]);
    unfinished = (await tasksByIds(origin, members[0]!.token, channelId, [...ids])).filter(
      (t) => !isTerminal(t.status),
    );
    if (unfinished.length > 0) await sleep(300);
  } while (unfinished.length > 0 && Date.now() < deadline);
  expect(
    unfinished.map((t) => `${t.id} ${t.status}`),
    'tasks still running',
  ).toEqual([]);
  const seq = await currentSeq();
  for (const tab of tabs) {
    while (!tab.isSettledAt(seq) && Date.now() < deadline) await sleep(50);
    expect(tab.isSettledAt(seq), `caught up with seq ${seq}: ${tab.describe()}`).toBe(true);
  }
  return seq;
}

/** What REST answers for the channel, as the fields a user sees. */
async function serverView() {
  const truth = await wholeChannel(origin, members[0]!.token, channelId);
  const tasks = new Map(truth.tasks.map((t) => [t.id, t]));
  return truth.messages.map((m) => visibleItem(m, m.taskId ? tasks.get(m.taskId) : null));
}

const seqsOf = (events: readonly ChannelEvent[]) => events.map((e) => e.seq);
const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

describe('reconnect: clients dropped for seconds to minutes', () => {
  it('catch up exactly through afterSeq and end up showing what the server has', async () => {
    const rng = seededRandom(SEED);
    const started = Date.now();
    const droppers = Array.from(
      { length: DROPPERS },
      (_, i) => new ChannelViewer(origin, members[i % members.length]!, channelId, `dropper-${i + 1}`),
    );
    viewers.push(...droppers);
    await Promise.all(droppers.map((v) => v.start()));

    // Drop lengths spread log-uniformly over 1 s – 2 min, with both ends always present.
    const lengths = droppers.map((_, i) => {
      if (i === 0) return rng.int(MIN_DROP_MS, 3_000);
      if (i === DROPPERS - 1) return rng.int(MAX_DROP_MS - 15_000, MAX_DROP_MS);
      return Math.round(MIN_DROP_MS * (MAX_DROP_MS / MIN_DROP_MS) ** rng.next());
    });
    const plan = lengths.map((length) => ({
      length,
      offset: rng.int(2_000, Math.max(2_000, ACTIVITY_MS - length - 4_000)),
    }));
    console.log(
      `[reconnect] drops (offset+length, s): ${plan.map((p) => `${(p.offset / 1000).toFixed(1)}+${(p.length / 1000).toFixed(1)}`).join(', ')}`,
    );

    const world: World = { origin, channels: [channelId], members, viewers: [steady], ledger: new Ledger() };
    let stop = false;
    const activity = members.map((m, i) =>
      memberLoop(world, m, seededRandom(SEED ^ (i * 104729 + 1)), () => stop, {
        maxTasks: 60,
        maxOpenPerMember: 2,
        pauseMs: [300, 1_200],
      }),
    );

    interface Drop {
      tab: ChannelViewer;
      lastSeqBefore: number;
      appliedBefore: number;
      reloadsBefore: number;
      connection: number;
    }
    const drops = await Promise.all(
      droppers.map(async (tab, i): Promise<Drop> => {
        await sleep(plan[i]!.offset);
        tab.pause();
        const drop = {
          tab,
          lastSeqBefore: tab.lastSeq ?? -1,
          appliedBefore: tab.applied.length,
          reloadsBefore: tab.reloads,
          connection: tab.connections.length,
        };
        await sleep(plan[i]!.length);
        await tab.resume();
        return drop;
      }),
    );
    await sleep(Math.max(0, ACTIVITY_MS - (Date.now() - started)));
    stop = true;
    await Promise.all(activity);
    const finalSeq = await quiesce([steady, ...droppers]);

    let rawDuplicates = 0;
    for (const drop of drops) {
      const { tab, lastSeqBefore } = drop;
      const label = `${tab.label} dropped at seq ${lastSeqBefore}`;
      expect(lastSeqBefore, `${label}: was live before the drop`).toBeGreaterThan(0);
      const after = tab.connections[drop.connection]!;
      expect(after.acks[0], `${label}: subscribe ack`).toMatchObject({ ok: true });
      expect(after.resyncs, `${label}: no resync while the log holds the events`).toBe(0);
      const trails = tab.reloadTrails.slice(drop.reloadsBefore).map((trail) => trail.join('\n'));
      expect(tab.reloads, `${label}: no REST reload needed; what led to it:\n${trails.join('\n---\n')}`).toBe(
        drop.reloadsBefore,
      );
      // What reached the screen after the drop: every later seq, once, in order.
      expect(seqsOf(tab.applied.slice(drop.appliedBefore)), `${label}: applied after the drop`).toEqual(
        range(lastSeqBefore + 1, finalSeq),
      );
      // On the wire: nothing from before the drop, nothing missing (duplicates are allowed and dropped by the client).
      const received = seqsOf(after.received);
      expect(
        received.filter((seq) => seq <= lastSeqBefore),
        `${label}: old events resent`,
      ).toEqual([]);
      expect(
        [...new Set(received)].sort((a, b) => a - b),
        `${label}: received on the new connection`,
      ).toEqual(range(lastSeqBefore + 1, finalSeq));
      rawDuplicates += received.length - new Set(received).size;
    }
    // The steady tab saw the whole log once, in order, from where it first subscribed.
    const steadySeqs = seqsOf(steady.applied);
    expect(steadySeqs).toEqual(range(steadySeqs[0]!, finalSeq));

    const truth = await serverView();
    expect(steady.view(), 'the steady tab vs the server').toEqual(truth);
    for (const tab of droppers) {
      expect(tab.problems).toEqual([]);
      expect(tab.view(), `${tab.label} vs the steady tab`).toEqual(steady.view());
    }
    console.log(
      `[reconnect] seed=${SEED} final seq=${finalSeq} tasks=${world.ledger.tasks.size} messages=${world.ledger.messages.size} ` +
        `longest drop ${(Math.max(...lengths) / 1000).toFixed(1)} s, duplicates on the wire ${rawDuplicates}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }, 300_000);

  it('sends channel:resync when the log no longer holds what a tab missed, and the reload brings it level', async () => {
    const tab = new ChannelViewer(origin, members[1]!, channelId, 'pruned');
    viewers.push(tab);
    await tab.start();
    await quiesce([steady, tab]);
    tab.pause();
    const lastSeqBefore = tab.lastSeq!;
    const reloadsBefore = tab.reloads;
    // Activity while it is away: messages and a whole task.
    for (const [i, member] of members.entries())
      await must(origin, 'POST', `/api/draw/chat/${channelId}`, member.token, { content: `while away ${i}` });
    const { taskId } = await must<{ taskId: string }>(
      origin,
      'POST',
      `/api/mj/submit/imagine/${channelId}`,
      members[2]!.token,
      { prompt: 'a pruned lighthouse' },
    );
    await quiesce([steady]);
    // The part of the log it missed is gone (pruned), so afterSeq can no longer be served.
    const { deleted } = await app.storage
      .collection(Events)
      .deleteMany({ channelId, seq: { $gt: lastSeqBefore, $lte: lastSeqBefore + 3 } });
    expect(deleted).toBe(3);

    await tab.resume();
    await quiesce([steady, tab]);
    const after = tab.connections.at(-1)!;
    expect(after.acks[0]).toMatchObject({ ok: true });
    expect(after.resyncs, 'the server told the tab to resync').toBe(1);
    expect(tab.reloads, 'the tab reloaded over REST').toBe(reloadsBefore + 1);
    const truth = await serverView();
    expect(tab.view(), 'the resynced tab vs the server').toEqual(truth);
    expect(steady.view()).toEqual(truth);
    expect(tab.view().some((item) => item.task?.id === taskId && item.task.status === 'SUCCESS')).toBe(true);
  }, 120_000);
});
