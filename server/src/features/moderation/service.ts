import { randomUUID } from 'node:crypto';
import { AdminLimits, ModerationLimits } from '@draw/shared/routes';
import { ErrorReason, TaskFailureCode, type ImageHidden, type PauseChanged } from '@draw/shared';
import { AppError } from '../../errors';
import { normalizeWord, wordMatcher, type WordMatcher } from './matcher';
import {
  HitSource,
  type BannedWordDoc,
  type HiddenImageDoc,
  type HitDoc,
  type ModerationRepository,
  type StandingDoc,
} from './repository';

const DAY_MS = 24 * 60 * 60_000;
/** Another process's change to the list is seen within this long (this process's at once). */
const WORDS_TTL_MS = 15_000;
/** Hidden images are read from the store this often at most (this process's changes at once). */
const HIDDEN_TTL_MS = 15_000;
/** The engine failures that mean the upstream's own moderation refused the prompt. */
export const ENGINE_REFUSALS: ReadonlySet<string> = new Set([
  TaskFailureCode.UpstreamBannedPrompt,
  TaskFailureCode.EngineRefusedBySafety,
]);

export interface ModerationDeps {
  repo: ModerationRepository;
  /** Whether chat messages are checked too (a site setting). */
  chatModerated: () => Promise<boolean>;
  /** Tells every open page an image was hidden or shown again. */
  announceHidden: (change: ImageHidden) => void;
  /** Tells the person's open pages their pause began or was lifted. */
  announcePause: (userId: string, change: PauseChanged) => void;
  now: () => number;
}

/** What a submit carries that the list is checked against. */
export interface CheckedText {
  text: string | undefined;
  source: typeof HitSource.Prompt | typeof HitSource.Translation;
}

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

/**
 * Moderation: the banned-word list and its matcher, the check every prompt (and its translation)
 * passes before anything is stored or charged, the pause that repeated hits earn, the hit log,
 * reports, and hidden images.
 */
export function moderationService({
  repo,
  chatModerated,
  announceHidden,
  announcePause,
  now,
}: ModerationDeps) {
  let matcher: { built: WordMatcher; at: number } | null = null;
  let hidden: { keys: Set<string>; tasks: Set<string>; at: number } | null = null;

  async function currentMatcher(): Promise<WordMatcher> {
    if (matcher && now() - matcher.at < WORDS_TTL_MS) return matcher.built;
    const words = await repo.words.all();
    matcher = { built: wordMatcher(words), at: now() };
    return matcher.built;
  }

  async function hiddenSets() {
    if (hidden && now() - hidden.at < HIDDEN_TTL_MS) return hidden;
    const docs = await repo.hidden.all();
    hidden = {
      keys: new Set(docs.flatMap((doc) => doc.fileKeys)),
      tasks: new Set(docs.map((doc) => doc._id)),
      at: now(),
    };
    return hidden;
  }

  /** The next pause for a person with this standing, after one more hit at `at` (null: none yet). */
  function afterHit(standing: StandingDoc | null, at: number): Omit<StandingDoc, '_id'> {
    const hits = [...(standing?.hits ?? []).filter((time) => time > at - ModerationLimits.windowMs), at];
    const sameDay = standing && at - standing.pauseDayStart < DAY_MS;
    const pauses = sameDay ? standing.pauses : 0;
    const pauseDayStart = sameDay ? standing.pauseDayStart : at;
    if (hits.length < ModerationLimits.hitsToPause)
      return { hits, pausedUntil: standing?.pausedUntil ?? null, pauses, pauseDayStart };
    const steps = ModerationLimits.pauseSteps;
    const length = steps[Math.min(pauses, steps.length - 1)]!;
    return { hits: [], pausedUntil: at + length, pauses: pauses + 1, pauseDayStart };
  }

  /** Logs a hit and counts it toward a pause; the pause's end when this hit started one. */
  async function recordHit(hit: Omit<HitDoc, '_id' | 'at' | 'pausedUntil'>): Promise<number | null> {
    const at = now();
    const before = await repo.standings.of(hit.userId);
    const next = afterHit(before, at);
    await repo.standings.put(hit.userId, next);
    const started =
      next.pausedUntil !== null && next.pausedUntil !== before?.pausedUntil ? next.pausedUntil : null;
    await repo.hits.record({
      _id: randomUUID(),
      ...hit,
      text: hit.text.slice(0, 4000),
      at,
      pausedUntil: started,
    });
    // The person's other tabs and devices count down too, not only the page that was refused.
    if (started !== null) announcePause(hit.userId, { pausedUntil: started });
    return started;
  }

  /** When the person's pause ends, while it lasts; null when they may draw. */
  async function pausedUntil(userId: string): Promise<number | null> {
    const standing = await repo.standings.of(userId);
    return standing?.pausedUntil && standing.pausedUntil > now() ? standing.pausedUntil : null;
  }

  async function assertNotPaused(userId: string): Promise<void> {
    const until = await pausedUntil(userId);
    if (until !== null)
      throw new AppError(
        ErrorReason.Forbidden,
        'moderation.paused',
        { minutes: minutesLeft(until, now()) },
        { pausedUntil: until },
      );
  }

  return {
    // ---- The list
    listWords: () => repo.words.all(),

    async addWord(word: string, adminId: string): Promise<BannedWordDoc> {
      const normalized = normalizeWord(word);
      if (!normalized) throw new AppError(ErrorReason.BadRequest, 'moderation.wordEmpty');
      if (await repo.words.byNormalized(normalized))
        throw new AppError(ErrorReason.Conflict, 'moderation.wordExists', { word });
      if ((await repo.words.total()) >= AdminLimits.bannedWordsMax)
        throw new AppError(ErrorReason.BadRequest, 'moderation.tooManyWords', {
          max: AdminLimits.bannedWordsMax,
        });
      const doc = await repo.words.add({
        _id: randomUUID(),
        word: word.trim(),
        normalized,
        createdAt: now(),
        createdBy: adminId,
      });
      matcher = null;
      return doc;
    },

    async removeWord(id: string): Promise<BannedWordDoc> {
      const doc = await repo.words.byId(id);
      if (!doc) throw new AppError(ErrorReason.NotFound, 'moderation.wordNotFound');
      await repo.words.remove(id);
      matcher = null;
      return doc;
    },

    // ---- Checks
    assertNotPaused,

    /**
     * A submit's texts (the prompt, then its English): refused when the person is paused, or when
     * one holds a banned word (logged, and counted toward a pause). Called before anything is
     * stored or charged.
     */
    async checkSubmit(userId: string, channelId: string, texts: readonly CheckedText[]): Promise<void> {
      await assertNotPaused(userId);
      const words = await currentMatcher();
      if (words.size === 0) return;
      for (const { text, source } of texts) {
        const found = text ? words.find(text) : null;
        if (!found || !text) continue;
        const pausedUntil = await recordHit({ userId, channelId, source, text, word: found.word });
        throw new AppError(
          ErrorReason.BadRequest,
          pausedUntil ? 'moderation.bannedWordPaused' : 'moderation.bannedWord',
          { word: found.word, ...(pausedUntil ? { minutes: minutesLeft(pausedUntil, now()) } : {}) },
          pausedUntil ? { pausedUntil } : null,
        );
      }
    },

    /** A chat message, when the site says chat is checked too. */
    async checkChat(userId: string, channelId: string, content: string): Promise<void> {
      if (!(await chatModerated())) return;
      const found = (await currentMatcher()).find(content);
      if (!found) return;
      await recordHit({ userId, channelId, source: HitSource.Chat, text: content, word: found.word });
      throw new AppError(ErrorReason.BadRequest, 'moderation.bannedWordChat', { word: found.word });
    },

    /** An engine refused the prompt itself: counted as a hit (the upstream's words as the word). */
    async recordEngineRefusal(task: { userId: string; channelId: string; prompt: string; code: string }) {
      await recordHit({
        userId: task.userId,
        channelId: task.channelId,
        source: HitSource.Engine,
        text: task.prompt,
        word: task.code,
      });
    },

    // ---- Standing
    standing: (userId: string) => repo.standings.of(userId),
    pausedUntil,
    async pausedAmong(userIds: readonly string[]): Promise<Map<string, number>> {
      const docs = await repo.standings.pausedAmong(userIds, now());
      return new Map(docs.map((doc) => [doc._id, doc.pausedUntil!]));
    },
    async lift(userId: string): Promise<void> {
      await repo.standings.lift(userId);
      announcePause(userId, { pausedUntil: null });
    },
    hitsPage: (filter: { userId?: string }, before: { at: number; id: string } | null, limit: number) =>
      repo.hits.page(filter, before, limit),

    // ---- Reports and hidden images
    report: (
      taskId: string,
      meta: { channelId: string; authorId: string },
      reporter: { userId: string; reason: string },
    ) => repo.reports.addReporter(taskId, meta, { ...reporter, at: now() }),
    reportsPage: (status: 'open' | 'hidden' | 'dismissed', skip: number, limit: number) =>
      repo.reports.page(status, skip, limit),
    reportOf: (taskId: string) => repo.reports.of(taskId),
    resolveReport: (taskId: string, status: 'hidden' | 'dismissed', adminId: string) =>
      repo.reports.resolve(taskId, status, now(), adminId),

    async setHidden(doc: Omit<HiddenImageDoc, 'hiddenAt'>, hide: boolean): Promise<void> {
      if (hide) await repo.hidden.hide({ ...doc, hiddenAt: now() });
      else await repo.hidden.show(doc._id);
      hidden = null;
      announceHidden({ taskId: doc._id, channelId: doc.channelId, hidden: hide });
    },
    async isHiddenTask(taskId: string): Promise<boolean> {
      return (await hiddenSets()).tasks.has(taskId);
    },
    /** The hidden tasks (for the feeds and the archive to leave out). */
    async hiddenTasks(): Promise<ReadonlySet<string>> {
      return (await hiddenSets()).tasks;
    },
    async isHiddenFile(key: string): Promise<boolean> {
      return (await hiddenSets()).keys.has(key);
    },
  };
}
export type ModerationService = ReturnType<typeof moderationService>;
