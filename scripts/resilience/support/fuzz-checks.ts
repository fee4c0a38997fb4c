import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { isErrorReason } from '@draw/shared';
import type { App } from '../../../server/src/app';
import type { BaseDoc, CollectionDef } from '../../../server/src/storage/port';
import { Users } from '../../../server/src/features/auth/repository';
import { Bans, Channels, Invites, Members } from '../../../server/src/features/channels/repository';
import { Messages } from '../../../server/src/features/messages/repository';
import { Tasks } from '../../../server/src/features/tasks/repository';
import { DrawSettingsCollection } from '../../../server/src/features/settings/repository';
import {
  Ledger,
  Orders,
  Products,
  RedeemCodes,
  Redemptions,
} from '../../../server/src/features/billing/repository';
import { Uploads } from '../../../server/src/features/uploads/repository';
import { CompanyCollection } from '../../../server/src/features/company/repository';
import { Events, Seqs } from '../../../server/src/realtime/repository';

/**
 * The state a user would notice if a refused request had written it. Sessions, login codes,
 * throttle counters and socket tickets are left out on purpose: refused sign-ins count against
 * their throttles, and that is the point of them.
 */
const WATCHED: readonly CollectionDef<BaseDoc>[] = [
  Users,
  Channels,
  Members,
  Invites,
  Bans,
  Messages,
  Tasks,
  DrawSettingsCollection,
  Orders,
  Ledger,
  Products,
  RedeemCodes,
  Redemptions,
  Uploads,
  CompanyCollection,
  Events,
  Seqs,
] as CollectionDef<BaseDoc>[];

export type StoreFingerprint = Record<string, string>;

/** What the task runner changes as tasks progress: events, sequence numbers, credits, task and message states. */
const MOVED_BY_RUNNER = new Set<string>([Events.name, Seqs.name, Ledger.name]);
const COUNTED_WHILE_RUNNING = new Set<string>([Tasks.name, Messages.name]);

/**
 * Count and content hash of every watched collection. With `whileTasksRun`, what running tasks
 * move on their own is left out and tasks and messages are only counted, so a check need not
 * wait for the engine to finish earlier (accepted) tasks.
 */
export async function storeFingerprint(
  app: App,
  options: { whileTasksRun?: boolean } = {},
): Promise<StoreFingerprint> {
  const out: StoreFingerprint = {};
  for (const def of WATCHED) {
    if (options.whileTasksRun && MOVED_BY_RUNNER.has(def.name)) continue;
    if (options.whileTasksRun && COUNTED_WHILE_RUNNING.has(def.name)) {
      out[def.name] = `${await app.storage.collection(def).count({})}`;
      continue;
    }
    const docs = await app.storage.collection(def).find({}, { sort: { _id: 1 } });
    out[def.name] =
      `${docs.length}:${createHash('sha1').update(JSON.stringify(docs)).digest('hex').slice(0, 12)}`;
  }
  return out;
}

/** Waits (bounded) until no task is queued or running, so the store only moves by our requests. */
export async function runnerIdle(app: App, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { running, queued } = app.services.runner.counts();
    if (running === 0 && queued === 0) return;
    if (Date.now() > deadline)
      throw new Error(`task runner still busy after ${timeoutMs} ms (${running} running, ${queued} queued)`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface InjectedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface EnvelopeBody {
  success: boolean;
  code: number;
  message: unknown;
  reason?: unknown;
  data: unknown;
}

/**
 * The contract every /api answer keeps, whatever was sent: never a 5xx, always the envelope;
 * a refusal says why (`success: false`, a reason from the closed set, a non-empty message).
 * Returns the parsed envelope.
 */
export function expectEnvelope(res: InjectedAnswer, label: string): EnvelopeBody {
  const context = `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  expect(String(res.headers['content-type'] ?? ''), context).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as EnvelopeBody;
  if (res.statusCode >= 400) {
    expect(body.success, context).toBe(false);
    expect(typeof body.message === 'string' && body.message.trim().length > 0, context).toBe(true);
    expect(isErrorReason(body.reason), context).toBe(true);
    expect(body.code, context).toBe(res.statusCode);
  } else {
    expect(body.success, context).toBe(true);
  }
  return body;
}

/** Keys on Object.prototype when the run started: a pollution check compares against this. */
export const PROTOTYPE_KEYS_AT_START = Object.getOwnPropertyNames(Object.prototype).sort();

export function expectNoPrototypePollution(): void {
  const probe = {} as Record<string, unknown>;
  expect(probe.isAdmin).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS_AT_START);
  expect(Object.getOwnPropertyNames(Array.prototype)).not.toContain('isAdmin');
}

/** Keys only an attacker's payload would carry; no stored document may have them at any depth. */
const HOSTILE_KEYS = new Set([
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$gt',
  '$ne',
  '$in',
  '$regex',
  '$exists',
  '$set',
]);

function hostileKeyPaths(value: unknown, path: string, found: string[]): void {
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    if (HOSTILE_KEYS.has(key)) found.push(`${path}.${key}`);
    hostileKeyPaths((value as Record<string, unknown>)[key], `${path}.${key}`, found);
  }
}

/** Scans every watched collection: extra fields the fuzzing sent must never have been stored. */
export async function expectNoHostileKeysStored(app: App): Promise<void> {
  const found: string[] = [];
  for (const def of WATCHED) {
    for (const doc of await app.storage.collection(def).find({}))
      hostileKeyPaths(doc, `${def.name}/${doc._id}`, found);
  }
  expect(found).toEqual([]);
  // Users do carry `isAdmin`; none of the fuzzing users is one, whatever their payloads said.
  const admins = await app.storage.collection(Users).find({ isAdmin: true });
  expect(admins.map((u) => u._id)).toEqual([]);
}
