import type { MemorySample } from './clock';

/** What the benchmark's processes say to each other (see ipc.ts). */

/** When a progress callback fired (server side) or was received (client side). */
export interface Stamp {
  /** `${taskId} ${progress}`, e.g. "3f2c… 45%": one progress step of one task. */
  key: string;
  channelId: string;
  at: number;
}

export interface Member {
  channelId: string;
  /** Ours: the user's bearer token (the client asks /api/ws/pre-connect for a ticket). */
  token?: string;
  /** Ours with several processes: the process this member connects to (else the run's origin). */
  origin?: string;
}

export interface Load {
  channels: number;
  membersPerChannel: number;
  steps: number;
  stepMs: number;
}

export interface RoundResult {
  stamps: Stamp[];
  /** How late the callbacks fired behind their fixed timetable (the server could not keep the pace). */
  maxLateMs: number;
  wallMs: number;
  /** CPU time the server process spent (user + system) over the round. */
  cpuMs: number;
}

/** A channel's creator, who submits its task each round. */
export interface Owner {
  channelId: string;
  authorization: string;
}

export type OursCommands = {
  setup: { input: Load; output: { origin: string; members: Member[]; owners: Owner[]; setupMs: number } };
  memory: { input: null; output: MemorySample };
  /** One imagine task per channel, submitted by its creator; resolves when every task is finished. */
  round: { input: null; output: RoundResult };
};

/** An engine's progress callback in one of a cluster's processes (the primary knows each task's channel). */
export interface TaskStamp {
  taskId: string;
  key: string;
  at: number;
}

/**
 * One member of a cluster of ours (ours-server.ts as a cluster worker, driven by ours-cluster.ts):
 * the first sets everything up, the others join; a round is begun on all, submitted through each,
 * awaited by polling, and harvested from all (a task may run on either process).
 */
export type MemberCommands = {
  setup: OursCommands['setup'];
  join: { input: Load; output: { origin: string } };
  begin: { input: null; output: null };
  submit: { input: { owners: Owner[]; round: number }; output: { taskId: string; channelId: string }[] };
  status: { input: null; output: { finished: number; busy: number } };
  harvest: { input: null; output: { stamps: TaskStamp[]; cpuMs: number; maxLateMs: number } };
};

/** The cluster as the bench sees it: set up, then measured rounds (memory is not compared). */
export type ClusterCommands = {
  setup: OursCommands['setup'];
  round: OursCommands['round'];
};

export interface ReplayEmit {
  key: string;
  room: string;
  /** When to emit, relative to the first emit of the round. */
  offsetMs: number;
  /** JSON length the payload is padded to (the size ours sent for the same step). */
  bytes: number;
}

export type BareCommands = {
  start: { input: null; output: { origin: string } };
  memory: { input: null; output: MemorySample };
  replay: { input: ReplayEmit[]; output: RoundResult };
};

export type Mode = 'ours' | 'bare';

export type ClientCommands = {
  connect: {
    input: { mode: Mode; origin: string; members: Member[]; parallel: number };
    output: { connected: number; connectMs: number };
  };
  /** Waits (bounded) for every expected receipt, then hands over and forgets what was received. */
  collect: {
    input: { expected: { key: string; channelId: string }[]; timeoutMs: number };
    output: { receipts: Stamp[]; bytesByKey: Record<string, number>; missing: number };
  };
  disconnect: { input: null; output: null };
};
