/**
 * Ours as a cluster of FANOUT_CLUSTER_WORKERS processes on one data folder, as `WORKERS=N` runs it:
 * this process is the primary (it holds the folder's lock and counts rate limits; the members share
 * their rooms with each other, `server/src/realtime/member-rooms.ts`), each member is ours-server.ts as a cluster worker with the stamping
 * engine. Every channel's members are spread over the processes, so most deliveries cross from the
 * process whose engine stamped the step to another one.
 */
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClusterRole, countLimitsForMembers, ROLE_ENV } from '../../../server/src/cluster';
import { makeSessionsDir, SESSIONS_DIR_ENV } from '../../../server/src/realtime/member-sessions';
import { acquireStoreLock } from '../../../server/src/storage/lock';
import { clockMs, cpuMsSince, sleep } from './clock';
import { handleOf, serve, type ChildHandle } from './ipc';
import type { ClusterCommands, Load, MemberCommands, Owner, RoundResult } from './protocol';

const processes = Number(process.env.FANOUT_CLUSTER_WORKERS ?? 2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-fanout-cluster-'));
const release = acquireStoreLock(dataDir, `fanout bench cluster of ${processes}`);
const members: ChildHandle<MemberCommands>[] = [];
let owners: Owner[] = [];
let rounds = 0;

cluster.setupPrimary({
  exec: path.join(path.dirname(new URL(import.meta.url).pathname), 'ours-server.ts'),
  execArgv: ['--import', 'tsx', '--expose-gc'],
  serialization: 'advanced',
});
// As the server's primary does: rate limits counted once for the cluster, a folder for the members' sockets.
countLimitsForMembers();
const sessionsDir = makeSessionsDir(os.tmpdir(), process.pid);

function forkMember(role: ClusterRole): ChildHandle<MemberCommands> {
  const worker: Worker = cluster.fork({
    [ROLE_ENV]: role,
    FANOUT_DATA_DIR: dataDir,
    [SESSIONS_DIR_ENV]: sessionsDir,
  });
  return handleOf<MemberCommands>(`member ${worker.id}`, worker, {
    pid: worker.process.pid ?? -1,
    exited: () => worker.isDead(),
    kill: (signal) => worker.process.kill(signal),
  });
}

async function setup(load: Load) {
  const started = clockMs();
  const first = forkMember(ClusterRole.First);
  members.push(first);
  const made = await first.call('setup', load, 300_000);
  const origins = [made.origin];
  for (let i = 1; i < processes; i++) {
    const joining = forkMember(ClusterRole.Joining);
    members.push(joining);
    origins.push((await joining.call('join', load, 120_000)).origin);
  }
  owners = made.owners;
  // Within each channel, member m talks to process m mod N.
  const seen = new Map<string, number>();
  const spread = made.members.map((member) => {
    const index = seen.get(member.channelId) ?? 0;
    seen.set(member.channelId, index + 1);
    return { ...member, origin: origins[index % origins.length]! };
  });
  return { origin: made.origin, members: spread, owners, setupMs: clockMs() - started };
}

/** One task per channel, channel c submitted through process c mod N; done when every task has ended. */
async function round(): Promise<RoundResult> {
  rounds += 1;
  const started = clockMs();
  const cpu = process.cpuUsage();
  await Promise.all(members.map((m) => m.call('begin', null)));
  const shares = members.map((_, i) => owners.filter((__, c) => c % members.length === i));
  const submitted = (
    await Promise.all(
      members.map((m, i) => m.call('submit', { owners: shares[i] ?? [], round: rounds }, 120_000)),
    )
  ).flat();
  const channelOfTask = new Map(submitted.map((s) => [s.taskId, s.channelId]));
  const deadline = Date.now() + 300_000;
  for (;;) {
    const states = await Promise.all(members.map((m) => m.call('status', null)));
    const finished = states.reduce((sum, s) => sum + s.finished, 0);
    if (finished >= rounds * owners.length && states.every((s) => s.busy === 0)) break;
    if (Date.now() > deadline)
      throw new Error(`round ${rounds}: ${finished} of ${rounds * owners.length} tasks ended`);
    await sleep(20);
  }
  const harvests = await Promise.all(members.map((m) => m.call('harvest', null)));
  return {
    stamps: harvests.flatMap((h) =>
      h.stamps.map(({ taskId, key, at }) => ({ key, at, channelId: channelOfTask.get(taskId) ?? '' })),
    ),
    maxLateMs: Math.max(...harvests.map((h) => h.maxLateMs)),
    wallMs: clockMs() - started,
    // Every member's and the primary's.
    cpuMs: harvests.reduce((sum, h) => sum + h.cpuMs, 0) + cpuMsSince(cpu),
  };
}

serve<ClusterCommands>({ setup, round }, async () => {
  await Promise.all(members.map((m) => m.stop()));
  release();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(sessionsDir, { recursive: true, force: true });
});
