import fs from 'node:fs';
import path from 'node:path';
import type { Task } from '@draw/shared';
import type { CapturedSession } from './capture';
import { compileTemplate, jsonText, render, type RenderContext, type Template } from './template';

/**
 * Writes a large, realistic event log in the embedded store's on-disk format, made only of
 * documents the real server wrote (see capture.ts) with other ids, times, prompts and users.
 *
 * Shape of the data folder (what `npm run ops -- replay` reads):
 * - db/events.db: every channel's events, one NeDB line each, in `_id` order (`<channel>:<seq>`
 *   compared as strings, so seq 10 comes before seq 2), then the index line: the layout NeDB
 *   leaves after compaction, which the server does at every start and every 10 minutes.
 * - db/tasks.db, db/messages.db: the final state of every task and message (compacted, one line
 *   each, deleted messages keep their `deletedAt`), channel by channel.
 *
 * Channels are heavy-tailed in size (Pareto, a few busy ones, many quiet ones). In a channel,
 * up to three episodes run at once and their events interleave, as concurrent users do:
 * - a task: task.created → message.created (kind task) → task.updated IN_PROGRESS → progress
 *   steps → SUCCESS; some are upscales or variations of an earlier grid; some fail part-way
 *   (FAILURE with the runner's fields), some are cancelled while running;
 * - a chat message, now and then deleted later; members joining, leaving, being removed; a
 *   channel rename.
 */

export interface GenerateOptions {
  events: number;
  seed: number;
}

/** What the generated data must replay to: counts known by construction. */
export interface GeneratedLog {
  channels: number;
  events: number;
  tasks: number;
  /** Messages not deleted. */
  messages: number;
  bytes: { events: number; tasks: number; messages: number };
  eventCounts: Record<string, number>;
  /** The busiest channel and its last seq (the history bench reads its tail). */
  largest: { channelId: string; events: number };
}

/** Deterministic 32-bit PRNG (mulberry32): same seed, same file, byte for byte. */
export function prng32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/** A version-4 UUID from four draws (the generator makes millions of them). */
function uuidFrom(next32: () => number): string {
  const a = hex8(next32());
  const b = hex8(next32());
  const c = hex8(next32());
  const d = hex8(next32());
  const variant = '89ab'[next32() & 3];
  return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** 32 URL-safe characters like the server's hook tokens, 5 per draw. */
function tokenFrom(next32: () => number): string {
  let out = '';
  while (out.length < 32) {
    let bits = next32();
    for (let i = 0; i < 5 && out.length < 32; i++, bits >>>= 6) out += TOKEN_CHARS[bits & 63];
  }
  return out;
}

const WORDS_EN =
  'a an the of with in on at under over misty golden quiet ancient neon tiny giant floating paper glass ' +
  'fox cat dragon whale lighthouse castle forest river city street market garden mountain desert ocean ' +
  'robot astronaut samurai girl boy old man child bicycle train ship lantern umbrella tea cup flower ' +
  'cinematic lighting, watercolor, oil painting, ukiyo-e, pixel art, studio ghibli style, 35mm photo, ' +
  'volumetric light, soft focus, highly detailed, octane render, pastel colors, dramatic sky, sunset, ' +
  'dawn, night, rain, snow, fog, autumn, spring, isometric, wide angle, portrait, symmetrical, minimal';
const WORDS_ZH =
  '一只 小猫 坐在 窗台 上 月光 下 的 古老 城堡 水彩 风格 赛博朋克 街道 雨夜 霓虹 灯光 山水 画 竹林 樱花 少女 机器人 宇宙 星空 极简 插画 电影 感';
const CHAT =
  'nice! | love this one | can you upscale the second? | try it with more fog | 太好看了 | 再来一张 | ' +
  'how did you get that lighting? | U3 please | the colors are perfect | lol | ok | 👍 | 这个风格不错 | ' +
  'what prompt did you use? | make it wider --ar 16:9 | brb | that dragon is amazing';

interface Pools {
  en: string[];
  zh: string[];
  chat: string[];
}

const pools: Pools = {
  en: WORDS_EN.split(' ').filter(Boolean),
  zh: WORDS_ZH.split(' ').filter(Boolean),
  chat: CHAT.split(' | '),
};

/** One kind of task episode compiled from a captured task. */
interface TaskKind {
  /** Events in the order the server published them (task.* and its message.created). */
  events: { type: string; template: Template; atTemplate: number }[];
  taskLine: Template;
  messageLine: Template;
  templateTaskId: string;
  templateSubmitTime: number;
  /** The prompt as captured, JSON-escaped (what the instance's prompt replaces). */
  promptText: string;
  /** Index (in `events`) of the running steps a failure may follow. */
  runningSteps: number[];
}

interface Compiled {
  kinds: { imagine: TaskKind; upscale: TaskKind; variation: TaskKind; cancelled: TaskKind };
  failures: Map<TaskKind, TaskKind[]>;
  text: { created: Template; deleted: Template; line: Template; deletedLine: Template; atTemplate: number };
  joined: Template;
  left: Template;
  removed: Template;
  channelUpdated: Template;
  indexLines: CapturedSession['indexLines'];
  users: CapturedSession['users'];
  channelId: string;
  chatText: string;
  channelTitle: string;
  /** Seed literals of every captured task, and those of the grid (kept by its upscales and variations). */
  seeds: string[];
  gridSeeds: string[];
  hookTokens: string[];
  serverIds: string[];
  longestTask: number;
}

const FAILURE_REASON = 'The engine could not draw this image. Your credits were refunded.';

function compile(session: CapturedSession): Compiled {
  const { users } = session;
  const seedsOfDoc = (t: CapturedSession['tasks'][number]) =>
    [t.seed ?? '', ...('seed' in t.job ? [String(t.job.seed)] : [])].filter(Boolean);
  const seedsOf = (taskId: string) => session.tasks.filter((t) => t._id === taskId).flatMap(seedsOfDoc);
  const seeds = session.tasks.flatMap(seedsOfDoc);
  const channelUpdate = session.events.find((e) => e.type === 'channel.updated');
  if (!channelUpdate || channelUpdate.type !== 'channel.updated')
    throw new Error('the captured session has no channel.updated');
  const channelTitle = jsonText(channelUpdate.data.title);
  const literals = [
    ...Object.values(session.prompts).map(jsonText),
    ...seeds,
    ...Object.values(users).map((u) => jsonText(u.name)),
    ...session.tasks.map((t) => t.hookToken),
    jsonText(session.chatText),
    channelTitle,
  ];
  const tpl = (value: unknown) => compileTemplate(JSON.stringify(value), literals);

  const taskKind = (taskId: string, prompt: string): TaskKind => {
    const events = session.events.filter((e) =>
      e.type === 'task.created' || e.type === 'task.updated'
        ? e.data.id === taskId
        : e.type === 'message.created' && e.data.taskId === taskId,
    );
    const doc = session.tasks.find((t) => t._id === taskId);
    const message = session.messages.find((m) => m.taskId === taskId);
    if (!doc || !message || events.length < 3) throw new Error(`captured task ${taskId} is incomplete`);
    const compiled = events.map((e) => ({ type: e.type, template: tpl(e.data), atTemplate: e.at }));
    return {
      events: compiled,
      taskLine: tpl(doc),
      messageLine: tpl(message),
      templateTaskId: taskId,
      templateSubmitTime: doc.submitTime,
      promptText: jsonText(prompt),
      runningSteps: events.flatMap((e, i) =>
        e.type === 'task.updated' && e.data.status === 'IN_PROGRESS' ? [i] : [],
      ),
    };
  };

  /** The runner's failure of a running task: status, reason and finish time on its last snapshot. */
  const failureOf = (kind: TaskKind, taskId: string, afterStep: number): TaskKind => {
    const captured = session.events.filter((e) =>
      e.type === 'task.created' || e.type === 'task.updated'
        ? e.data.id === taskId
        : e.type === 'message.created' && e.data.taskId === taskId,
    );
    const last = captured[afterStep];
    if (last?.type !== 'task.updated') throw new Error('a failure follows a running step');
    const finishTime = captured[afterStep + 1]?.at ?? last.at + 1;
    const failed: Task = { ...last.data, status: 'FAILURE', failReason: FAILURE_REASON, finishTime };
    const doc = session.tasks.find((t) => t._id === taskId)!;
    const { id: _id, ...fields } = failed;
    return {
      ...kind,
      events: [
        ...kind.events.slice(0, afterStep + 1),
        { type: 'task.updated', template: tpl(failed), atTemplate: finishTime },
      ],
      taskLine: tpl({ ...doc, ...fields }),
      runningSteps: [],
    };
  };

  const kinds = {
    imagine: taskKind(session.taskIds.imagine, session.prompts.imagine),
    upscale: taskKind(session.taskIds.upscale, session.prompts.imagine),
    variation: taskKind(session.taskIds.variation, session.prompts.imagine),
    cancelled: taskKind(session.taskIds.cancelled, session.prompts.cancelled),
  };
  const failures = new Map<TaskKind, TaskKind[]>();
  for (const name of ['imagine', 'upscale', 'variation'] as const) {
    failures.set(
      kinds[name],
      kinds[name].runningSteps.map((step) => failureOf(kinds[name], session.taskIds[name], step)),
    );
  }

  const textCreated = session.events.find(
    (e) => e.type === 'message.created' && e.data.id === session.textMessageId,
  );
  const textDeleted = session.events.find(
    (e) => e.type === 'message.deleted' && e.data.id === session.textMessageId,
  );
  const textDoc = session.messages.find((m) => m._id === session.textMessageId);
  const member = (type: string) => {
    const found = session.events.find((e) => e.type === type);
    if (!found) throw new Error(`the captured session has no ${type}`);
    return tpl(found.data);
  };
  if (!textCreated || !textDeleted || !textDoc) throw new Error('the captured chat message is incomplete');
  const { deletedAt: _deletedAt, ...liveDoc } = textDoc;
  const serverIds = [...new Set(session.tasks.flatMap((t) => (t.leaseOwner ? [t.leaseOwner] : [])))];
  return {
    kinds,
    failures,
    text: {
      created: tpl(textCreated.data),
      deleted: tpl(textDeleted.data),
      line: tpl(liveDoc),
      deletedLine: tpl(textDoc),
      atTemplate: textCreated.at,
    },
    joined: member('member.joined'),
    left: member('member.left'),
    removed: member('member.removed'),
    channelUpdated: tpl(channelUpdate.data),
    indexLines: session.indexLines,
    users,
    channelId: session.channelId,
    chatText: jsonText(session.chatText),
    channelTitle,
    seeds: [...new Set(seeds.filter(Boolean))],
    gridSeeds: seedsOf(session.taskIds.imagine),
    hookTokens: session.tasks.map((t) => t.hookToken),
    serverIds,
    longestTask: Math.max(...Object.values(kinds).map((k) => k.events.length)),
  };
}

/** Buffered synchronous appends: few, large writes. */
class LineFile {
  private buffer: string[] = [];
  private size = 0;
  bytes = 0;
  private readonly fd: number;
  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }
  write(line: string) {
    this.buffer.push(line);
    this.size += line.length + 1;
    if (this.size > 4_000_000) this.flush();
  }
  flush() {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join('\n') + '\n';
    this.bytes += fs.writeSync(this.fd, chunk);
    this.buffer = [];
    this.size = 0;
  }
  close() {
    this.flush();
    fs.closeSync(this.fd);
  }
}

interface User {
  id: string;
  name: string;
}

interface PendingEvent {
  type: string;
  data: string;
  at: number;
  /** Runs when the event takes its seq (a message can only be deleted once it was created). */
  onEmit?: () => void;
}

interface Episode {
  events: PendingEvent[];
  next: number;
}

/** A finished grid of this channel that later upscales and variations can start from. */
interface Grid {
  values: Map<string, string>;
}

/** Where the message id sits in a stored line (`{"_id":"…`) and in event data (`{"id":"…`). */
const DOC_ID_AT = '{"_id":"'.length;
const DATA_ID_AT = '{"id":"'.length;

const USER_POOL = 20_000;
const MIN_CHANNEL_EVENTS = 40;
const MAX_CHANNEL_EVENTS = 25_000;
/** Pareto shape: the mean channel is MIN / (1 - 1/ALPHA) ≈ 200 events before the cap. */
const PARETO_ALPHA = 1.25;

export function generateLog(
  dataDir: string,
  session: CapturedSession,
  options: GenerateOptions,
): GeneratedLog {
  const c = compile(session);
  const next32 = prng32(options.seed);
  const random = () => next32() / 4294967296;
  const pick = <T>(items: readonly T[]): T => items[(random() * items.length) | 0] as T;
  const freshUuid = () => uuidFrom(next32);
  const users: User[] = Array.from({ length: USER_POOL }, (_, i) => ({
    id: freshUuid(),
    name: `user${String(i + 1).padStart(4, '0')}`,
  }));
  const serverId = freshUuid();
  const startMs = Date.UTC(2026, 0, 5);

  const sizes: number[] = [];
  let planned = 0;
  while (planned < options.events) {
    const size = Math.min(
      MAX_CHANNEL_EVENTS,
      Math.floor(MIN_CHANNEL_EVENTS / Math.pow(1 - random(), 1 / PARETO_ALPHA)),
    );
    const take = Math.min(size, options.events - planned);
    sizes.push(take);
    planned += take;
  }
  const channelIds = sizes.map(() => freshUuid()).sort();

  const dbDir = path.join(dataDir, 'db');
  fs.mkdirSync(dbDir, { recursive: true });
  const eventsFile = new LineFile(path.join(dbDir, 'events.db'));
  const tasksFile = new LineFile(path.join(dbDir, 'tasks.db'));
  const messagesFile = new LineFile(path.join(dbDir, 'messages.db'));
  const result: GeneratedLog = {
    channels: sizes.length,
    events: 0,
    tasks: 0,
    messages: 0,
    bytes: { events: 0, tasks: 0, messages: 0 },
    eventCounts: {},
    largest: { channelId: '', events: 0 },
  };

  const prompt = (): string => {
    if (random() < 0.2)
      return Array.from({ length: 4 + ((random() * 10) | 0) }, () => pick(pools.zh)).join('');
    const words = Array.from({ length: 6 + ((random() * 28) | 0) }, () => pick(pools.en)).join(' ');
    return random() < 0.3 ? `${words} --ar ${pick(['16:9', '2:3', '3:2', '1:1'])}` : words;
  };
  const seedText = () => String(next32());
  const token = () => tokenFrom(next32);

  const firstEventAt = session.events[0]?.at ?? 0;
  for (const [ch, budget] of sizes.entries()) {
    const channelId = channelIds[ch] as string;
    const creator = pick(users);
    const members: User[] = [creator];
    const grids: Grid[] = [];
    const lines: string[] = [];
    const liveText: { values: Map<string, string>; shiftMs: number }[] = [];
    const messageLines = new Map<string, string>();
    let clock = startMs + Math.floor(random() * 30 * 86_400_000);
    let lastAt = clock;
    let seq = 0;
    let committed = 0;
    const active: Episode[] = [];
    const baseValues = new Map<string, string>([
      [c.channelId, channelId],
      ...c.serverIds.map((id): [string, string] => [id, serverId]),
    ]);
    const ctxFor = (values: Map<string, string>, shiftMs: number): RenderContext => ({
      values,
      shiftMs,
      freshUuid,
    });
    const as = (values: Map<string, string>, templateUser: User, user: User) => {
      values.set(templateUser.id, user.id);
      values.set(jsonText(templateUser.name), jsonText(user.name));
    };
    // Every template user is someone here: a template mentioning one we did not choose still renders.
    const withUsers = (values: Map<string, string>, author: User) => {
      for (const u of Object.values(c.users)) as(values, u, author);
      return values;
    };
    const start = (events: PendingEvent[]) => {
      active.push({ events, next: 0 });
      committed += events.length;
    };

    const startTask = () => {
      const author = pick(members);
      const roll = random();
      const outcome = random();
      const failing = outcome < 0.06;
      // Cancels are captured on a running grid: a cancelled task is always an imagine.
      const cancelled = outcome >= 0.06 && outcome < 0.09;
      let kind = cancelled
        ? c.kinds.cancelled
        : roll < 0.55 || grids.length === 0
          ? c.kinds.imagine
          : roll < 0.82
            ? c.kinds.upscale
            : c.kinds.variation;
      const parent =
        kind === c.kinds.upscale || kind === c.kinds.variation ? pick(grids.slice(-12)) : undefined;
      if (failing) kind = pick(c.failures.get(kind)!);
      const values = withUsers(new Map(parent ? parent.values : baseValues), author);
      values.delete(kind.templateTaskId); // a fresh id for this task even if a parent's map saw one
      if (!parent) values.set(kind.promptText, jsonText(prompt()));
      for (const s of c.seeds) if (!parent || !c.gridSeeds.includes(s)) values.set(s, seedText());
      for (const t of c.hookTokens) values.set(t, token());
      clock += 5_000 + Math.floor(random() * 120_000);
      const shiftMs = clock - kind.templateSubmitTime;
      const ctx = ctxFor(values, shiftMs);
      const events = kind.events.map((e) => ({
        type: e.type,
        data: render(e.template, ctx),
        at: e.atTemplate + shiftMs,
      }));
      tasksFile.write(render(kind.taskLine, ctx));
      const messageLine = render(kind.messageLine, ctx);
      messageLines.set(messageLine.slice(DOC_ID_AT, DOC_ID_AT + 36), messageLine);
      result.tasks += 1;
      if (kind === c.kinds.imagine && !failing) grids.push({ values });
      start(events);
    };
    const startText = () => {
      const author = pick(members);
      const values = withUsers(new Map(baseValues), author);
      values.set(c.chatText, jsonText(pick(pools.chat)));
      clock += 1_000 + Math.floor(random() * 60_000);
      const shiftMs = clock - c.text.atTemplate;
      const ctx = ctxFor(values, shiftMs);
      const data = render(c.text.created, ctx);
      messageLines.set(data.slice(DATA_ID_AT, DATA_ID_AT + 36), render(c.text.line, ctx));
      start([{ type: 'message.created', data, at: clock, onEmit: () => liveText.push({ values, shiftMs }) }]);
    };
    const startDelete = () => {
      const victim = liveText.splice((random() * liveText.length) | 0, 1)[0];
      if (!victim) return startText();
      const ctx = ctxFor(victim.values, victim.shiftMs);
      const data = render(c.text.deleted, ctx);
      // The deleted message keeps its document, with deletedAt (the template's time, shifted).
      messageLines.set(data.slice(DATA_ID_AT, DATA_ID_AT + 36), render(c.text.deletedLine, ctx));
      clock += 1_000;
      start([{ type: 'message.deleted', data, at: clock }]);
    };
    const startMember = () => {
      const roll = random();
      clock += 1_000 + Math.floor(random() * 600_000);
      const others = members.slice(1);
      if (others.length === 0 || roll < 0.55) {
        const user = pick(users);
        if (members.includes(user)) return startText();
        members.push(user);
        const values = new Map(baseValues);
        as(values, c.users.joiner, user);
        start([
          { type: 'member.joined', data: render(c.joined, ctxFor(values, clock - firstEventAt)), at: clock },
        ]);
        return;
      }
      const user = pick(others);
      members.splice(members.indexOf(user), 1);
      const removed = roll > 0.8;
      const values = new Map(baseValues);
      as(values, removed ? c.users.removed : c.users.joiner, user);
      start([
        {
          type: removed ? 'member.removed' : 'member.left',
          data: render(removed ? c.removed : c.left, ctxFor(values, clock - firstEventAt)),
          at: clock,
        },
      ]);
    };
    const startRename = () => {
      const values = withUsers(new Map(baseValues), creator);
      values.set(c.channelTitle, jsonText(prompt().slice(0, 40)));
      clock += 60_000;
      start([
        {
          type: 'channel.updated',
          data: render(c.channelUpdated, ctxFor(values, clock - startMs)),
          at: clock,
        },
      ]);
    };

    while (seq < budget) {
      const room = budget - committed;
      const wantNew = active.length === 0 || (active.length < 3 && random() < 0.25);
      if (room > 0 && wantNew) {
        const roll = random();
        if (room >= c.longestTask && roll < 0.45) startTask();
        else if (roll < 0.95 || room < c.longestTask) {
          if (liveText.length > 0 && random() < 0.06) startDelete();
          else startText();
        } else if (roll < 0.995) startMember();
        else startRename();
        continue;
      }
      const episode = pick(active);
      const event = episode.events[episode.next++] as PendingEvent;
      if (episode.next === episode.events.length) active.splice(active.indexOf(episode), 1);
      seq += 1;
      event.onEmit?.();
      lastAt = Math.max(lastAt + 1, event.at);
      lines.push(
        `{"_id":"${channelId}:${seq}","channelId":"${channelId}","seq":${seq},"type":"${event.type}","at":${lastAt},"data":${event.data}}`,
      );
      result.eventCounts[event.type] = (result.eventCounts[event.type] ?? 0) + 1;
    }
    // NeDB's compaction writes documents in `_id` order: "<channel>:10" before "<channel>:2".
    const order = lines.map((_, i) => String(i + 1)).sort();
    for (const s of order) eventsFile.write(lines[Number(s) - 1] as string);
    for (const line of messageLines.values()) messagesFile.write(line);
    result.messages += [...messageLines.values()].filter((l) => !l.includes('"deletedAt"')).length;
    result.events += budget;
    if (budget > result.largest.events) result.largest = { channelId, events: budget };
  }
  for (const line of c.indexLines.events) eventsFile.write(line);
  for (const line of c.indexLines.tasks) tasksFile.write(line);
  for (const line of c.indexLines.messages) messagesFile.write(line);
  eventsFile.close();
  tasksFile.close();
  messagesFile.close();
  result.bytes = { events: eventsFile.bytes, tasks: tasksFile.bytes, messages: messagesFile.bytes };
  return result;
}
