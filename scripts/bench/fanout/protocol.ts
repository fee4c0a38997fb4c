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

export type OursCommands = {
  setup: { input: Load; output: { origin: string; members: Member[]; setupMs: number } };
  memory: { input: null; output: MemorySample };
  /** One imagine task per channel, submitted by its creator; resolves when every task is finished. */
  round: { input: null; output: RoundResult };
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
  connect: { input: { mode: Mode; origin: string; members: Member[]; parallel: number }; output: { connected: number; connectMs: number } };
  /** Waits (bounded) for every expected receipt, then hands over and forgets what was received. */
  collect: {
    input: { expected: { key: string; channelId: string }[]; timeoutMs: number };
    output: { receipts: Stamp[]; bytesByKey: Record<string, number>; missing: number };
  };
  disconnect: { input: null; output: null };
};
