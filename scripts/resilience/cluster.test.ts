import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CURSOR, anchorFeed, receiveFeedEvent, type FeedCursor } from '@draw/machines';
import { TaskStatus, type ChannelEvent, type Task } from '@draw/shared';
import { api, boundsOf } from '@draw/shared/routes';
import { Events } from '../../server/src/realtime/repository';
import { replayFromSource } from '../ops/replay';
import { openReadSource } from '../ops/source';
import { connectSocket, type TestSocket } from '../../server/test/support/socket';
import { freePort, type ServerProcess } from '../testing/server-process';
import { channelWithMembers, must, mustInTurn, signIn, tasksByIds, type Member } from './support/client';
import { startServerProcess } from './support/server';

/**
 * WORKERS=2 on one data folder: two real server processes behind the primary's sticky balancer,
 * sharing the SQLite file and relaying rooms through the cluster adapter. The balancer gives each
 * new socket to the member with the fewest, so two sockets opened one after the other are held by
 * different processes.
 */
let cluster: ServerProcess;
let ann: Member;
let bob: Member;
let cid: string;
let dir: string;

beforeAll(async () => {
  // A folder that does not exist yet, as on a first `WORKERS=2 npm start`.
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'draw-cluster-')), 'data');
  cluster = await startServerProcess(
    {
      PORT: String(await freePort()),
      WORKERS: '2',
      TRUST_PROXY: 'true',
      BUILTIN_ENGINE_STEP_MS: '100',
      FREE_DAILY_CREDITS: '1000',
    },
    dir,
  );
  ann = await signIn(cluster.origin, '13800000001', 'ann', '10.0.0.1');
  bob = await signIn(cluster.origin, '13800000002', 'bob', '10.0.0.2');
  cid = await channelWithMembers(cluster.origin, ann, [bob], 'cluster');
});
afterAll(() => cluster?.stop());

/** What a client applies from what its socket received: the feed rules of @draw/machines (order, no repeats). */
function applied(socket: TestSocket, anchor: number): ChannelEvent[] {
  let cursor: FeedCursor = anchorFeed(EMPTY_CURSOR, anchor).cursor;
  const out: ChannelEvent[] = [];
  for (const event of socket.events.filter((e) => e.channelId === cid)) {
    const step = receiveFeedEvent(cursor, event);
    cursor = step.cursor;
    out.push(...step.apply);
  }
  return out;
}

const say = (member: Member, content: string) =>
  mustInTurn(cluster.origin, 'POST', `/api/draw/chat/${cid}`, member.token, { content });

describe('two server processes on one data folder (WORKERS=2)', () => {
  it('counts a route’s rate once for both processes: a client cannot double it by choosing its process', async () => {
    // Two sockets, one on each process: a request naming a socket's session (`?sid=`) goes to its process.
    const a = await connectSocket(cluster.origin, ann.token);
    const b = await connectSocket(cluster.origin, bob.token);
    const sids = [a.io.engine.id, b.io.engine.id];
    const rate = boundsOf(api.messages.post).rate!;
    const statuses: number[] = [];
    for (let i = 0; i < rate.max + 10; i++) {
      // A connection of its own each time: the balancer picks a process per connection.
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(
          `${cluster.origin}/api/draw/chat/${cid}?sid=${sids[i % 2]}`,
          {
            method: 'POST',
            agent: false,
            headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ content: `counted ${i}` }));
      });
      statuses.push(status);
    }
    a.disconnect();
    b.disconnect();
    // Counted per process, each would have let through up to the whole limit.
    expect(statuses.filter((s) => s === 200)).toHaveLength(rate.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // The window passes before the next test posts.
    await new Promise((r) => setTimeout(r, rate.windowMs));
  });

  it('delivers every event to members on both processes, numbered without gap or repeat, including a catch-up racing live events', async () => {
    const a = await connectSocket(cluster.origin, ann.token);
    const b = await connectSocket(cluster.origin, bob.token);
    const start = (await a.subscribe(cid)) as { ok: true; seq: number };
    await b.subscribe(cid);
    // Writers on both processes at once (REST requests spread over both by the balancer).
    await Promise.all(Array.from({ length: 30 }, (_, i) => say(i % 2 ? ann : bob, `m${i}`)));
    // A third socket subscribes from the start while more events arrive: catch-up and live events interleave.
    const late = await connectSocket(cluster.origin, bob.token);
    const [lateAck] = await Promise.all([
      late.subscribe(cid, start.seq),
      ...Array.from({ length: 10 }, (_, i) => say(ann, `late${i}`)),
    ]);
    expect(lateAck).toMatchObject({ ok: true });
    const last = start.seq + 40;
    for (const socket of [a, b, late]) {
      await socket.waitFor(() => applied(socket, start.seq).length === 40, 20_000);
      expect(applied(socket, start.seq).map((e) => e.seq)).toEqual(
        Array.from({ length: 40 }, (_, i) => start.seq + i + 1),
      );
      expect(socket.resyncs).toEqual([]);
    }
    const page = await must<{ seq: number }>(
      cluster.origin,
      'GET',
      `/api/draw/chat/${cid}?limit=1`,
      ann.token,
    );
    expect(page.seq).toBe(last);
    for (const socket of [a, b, late]) socket.disconnect();
  });

  it('evicts a removed member from the room on whichever process holds the socket', async () => {
    const carol = await signIn(cluster.origin, '13800000003', 'carol', '10.0.0.3');
    const invite = await must<{ inviteCode: string }>(
      cluster.origin,
      'POST',
      `/api/draw/invite-code/${cid}`,
      ann.token,
      {},
    );
    await must(cluster.origin, 'POST', `/api/draw/join-channel/${invite.inviteCode}`, carol.token);
    const sockets = [
      await connectSocket(cluster.origin, carol.token),
      await connectSocket(cluster.origin, carol.token),
    ];
    for (const socket of sockets) expect(await socket.subscribe(cid)).toMatchObject({ ok: true });
    await must(cluster.origin, 'POST', `/api/draw/remove-user/${cid}/${carol.userId}`, ann.token);
    await say(ann, 'after the removal');
    const watcher = await connectSocket(cluster.origin, ann.token);
    await watcher.subscribe(cid);
    await say(ann, 'and once more');
    await watcher.waitFor(
      (events) => events.some((e) => e.type === 'message.created' && e.data.content === 'and once more'),
      10_000,
    );
    for (const socket of sockets) {
      expect(
        socket.events
          .filter((e) => e.type === 'message.created')
          .map((e) => (e.data as { content: string }).content),
      ).not.toContain('and once more');
      socket.disconnect();
    }
    watcher.disconnect();
  });

  it('runs each task on one process at a time, takes over a killed process’s tasks, and republishes nothing twice', async () => {
    // The primary's children that are server processes (tsx also runs an esbuild service beside them).
    const members = () =>
      execFileSync('pgrep', ['-P', String(cluster.child.pid)])
        .toString()
        .trim()
        .split('\n')
        .map(Number)
        .filter((pid) => !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('esbuild'));
    expect(members()).toHaveLength(2);
    const submitted = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        must<{ taskId: string }>(
          cluster.origin,
          'POST',
          `/api/mj/submit/imagine/${cid}`,
          i % 2 ? ann.token : bob.token,
          { prompt: `harbour at dawn ${i}` },
        ),
      ),
    );
    const ids = submitted.map((s) => s.taskId);
    // Kill one process while the tasks run: the primary replaces it, and the leases it held run out.
    const [victim] = members();
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 90_000;
    let tasks: Task[] = [];
    while (Date.now() < deadline) {
      // A request relayed to the killed process is cut (not left hanging): ask again, as a client does.
      tasks = await tasksByIds(cluster.origin, ann.token, cid, ids).catch(() => tasks);
      if (tasks.length === ids.length && tasks.every((t) => t.status === TaskStatus.Success)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(tasks.map((t) => t.status)).toEqual(ids.map(() => TaskStatus.Success));
    expect(members()).toHaveLength(2);

    // The log, read as the replay tool reads it: every task rebuilt through the task machine with no
    // illegal step (two runners would race progress backwards), and each task's start, each progress
    // value and its end logged once (a second runner, or a republish, would log them again).
    const source = await openReadSource({ MONGODB_URI: '', DATA_DIR: dir });
    try {
      const report = await replayFromSource(source, cid);
      expect(report).toMatchObject({ illegalTransitions: 0, differences: 0, problems: [] });
      const events = await source.where(Events, { channelId: cid }, { sort: { seq: 1 } });
      for (const id of ids) {
        const updates = events
          .filter((e) => e.type === 'task.updated' && (e.data as Task).id === id)
          .map((e) => e.data as Task);
        const steps = updates.map((t) => `${t.status} ${t.progress}`);
        expect(
          steps.filter((step) => step.startsWith(TaskStatus.Success)),
          id,
        ).toHaveLength(1);
        expect(new Set(steps).size, `${id}: ${steps.join(', ')}`).toBe(steps.length);
      }
    } finally {
      await source.close();
    }
  });
});
