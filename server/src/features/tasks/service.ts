import {
  TERMINAL_TASK_STATUSES,
  TaskStatus,
  parseCustomId,
  type ActionRequest,
  type ModalRequest,
  type SubmitAnswer,
  type Task,
} from '@draw/shared';
import type { SignedIn } from '../auth/identity';
import type { ChannelsService } from '../channels/service';
import type { MessagesService } from '../messages/service';
import type { UploadsService } from '../uploads/service';
import type { BlobStore } from '../../blobs/port';
import type { EngineRegistry } from '../../engines/registry';
import type { PromptTranslator } from '../translate/service';
import type { Billing } from './billing';
import { buttonPresser } from './buttons';
import { slashCommands } from './commands';
import { taskRefusal } from './errors';
import { modalCompleter } from './modal';
import { englishFor } from './prompt';
import { tasksInChannel } from './in-channel';
import { taskRefunds } from './refunds';
import { toTask, type TaskDoc, type TasksRepository } from './repository';
import type { TaskRunner } from './runner';
import type { TaskStore } from './store';
import { taskSubmitter, type PromptComposer, type SubmitGuard } from './submit';

// The routes, the app and the tests know these by this file: its parts have one job each.
export { validatePrompt, zoomFromPrompt } from './prompt';
export type { PromptComposer } from './submit';

export interface TasksDeps {
  repo: TasksRepository;
  store: TaskStore;
  runner: TaskRunner;
  channels: ChannelsService;
  messages: MessagesService;
  uploads: UploadsService;
  blobs: BlobStore;
  billing: Billing;
  prompts: PromptComposer;
  /** Turns the CJK text of a prompt into English for the engine (URLs and parameters as typed). */
  translator: PromptTranslator;
  /** The enabled engines: each task is drawn by (and asked about on) the one it names. */
  engines: EngineRegistry;
  /** Our public origin: style and character/omni references reach an upstream as URLs under it. */
  publicUrl: string;
  /** Makes the writes so far durable (the store's group commit); a submit answers after it. */
  flush: () => Promise<void>;
  now: () => number;
  /** Moderation's check of every submit, before anything is stored or charged. */
  guard?: SubmitGuard;
  /** The images an admin hid: left out of a channel's feed. */
  hidden?: () => Promise<ReadonlySet<string>>;
}

/**
 * The tasks feature, built from its parts. The slash commands' routes call `commands` (the part
 * that does the job, membership and mute check included) directly; the rest of this object says
 * who may do what to an existing task: press its buttons (`buttons.ts`), complete its editor
 * (`modal.ts`), fetch, cancel, read its seed. The parts: `submit.ts` (charge, store, queue),
 * `prompt.ts` (prompt rules, English), `mask.ts` (region masks), `refunds.ts`.
 */
export function tasksService(deps: TasksDeps) {
  const { repo, store, runner, channels, billing, prompts, now } = deps;
  const english = englishFor(deps.translator);
  const refunds = taskRefunds({ repo, store, runner, billing, now });
  const submit = taskSubmitter({ ...deps, refunds });
  const commands = slashCommands({
    channels,
    submit,
    prompts,
    english,
    engines: deps.engines,
    publicUrl: deps.publicUrl,
  });
  const press = buttonPresser({ submit, store, prompts, english, engines: deps.engines });
  const completeModal = modalCompleter({
    repo,
    store,
    messages: deps.messages,
    runner,
    blobs: deps.blobs,
    uploads: deps.uploads,
    prompts,
    english,
    now,
    ...(deps.guard ? { guard: deps.guard } : {}),
  });

  async function taskInChannel(userId: string, taskId: string): Promise<TaskDoc> {
    const doc = await repo.byId(taskId);
    // An editor's task not submitted yet exists for its owner only.
    if (!doc || (doc.private && doc.userId !== userId)) throw taskRefusal('task.notFound');
    await channels.asMember(doc.channelId, userId);
    return doc;
  }

  /** A task of this channel, or "not found" (one from another channel is not told apart). */
  async function taskOfChannel(channelId: string, taskId: string): Promise<TaskDoc> {
    const doc = await repo.byId(taskId);
    if (!doc || doc.channelId !== channelId) throw taskRefusal('task.notFound');
    return doc;
  }

  /** CANCEL, out of the queue (or stopped, at the upstream too), refunded; null when it had already ended. */
  async function cancelTask(doc: TaskDoc): Promise<Task | null> {
    const cancelled = await store.update(doc._id, { status: TaskStatus.Cancel, finishTime: now() });
    if (!cancelled) return null;
    runner.cancel(doc._id, doc.upstreamId, doc.engine);
    await refunds.cancelled(doc._id);
    return cancelled;
  }

  return {
    /** /imagine, /describe, /blend, /shorten: their routes call these directly. */
    commands,

    async action(user: SignedIn, channelId: string, body: ActionRequest): Promise<SubmitAnswer> {
      await channels.assertCanPost(user, channelId);
      const parent = await taskOfChannel(channelId, body.taskId);
      if (parent.status !== TaskStatus.Success) throw taskRefusal('task.notFinished');
      const button = parseCustomId(body.customId);
      if (!button || !parent.buttons.some((b) => b.customId === body.customId))
        throw taskRefusal('task.badButton');
      return press(user, channelId, parent, button, body.customId);
    },

    async modal(user: SignedIn, channelId: string, body: ModalRequest): Promise<SubmitAnswer> {
      await channels.assertCanPost(user, channelId);
      return completeModal(user, await taskOfChannel(channelId, body.taskId), body);
    },

    async fetch(userId: string, taskId: string): Promise<Task> {
      return toTask(await taskInChannel(userId, taskId));
    },

    async cancel(user: SignedIn, taskId: string): Promise<Task> {
      const doc = await taskInChannel(user._id, taskId);
      const channel = await channels.asMember(doc.channelId, user._id);
      if (doc.userId !== user._id && channel.creatorId !== user._id) throw taskRefusal('task.notYours');
      const cancelled = await cancelTask(doc);
      if (!cancelled) throw taskRefusal('task.finished');
      return cancelled;
    },

    /** An operator's cancel (the console): as the author's own, refunded; null when the task had already ended. */
    async cancelById(taskId: string): Promise<Task | null> {
      const doc = await repo.byId(taskId);
      if (!doc) throw taskRefusal('task.notFound');
      return cancelTask(doc);
    },

    /**
     * A person is no longer in the channel (removed, banned, or left): their unfinished tasks there
     * end as if they had cancelled each (CANCEL, refunded, an upstream told), so nothing they asked
     * for keeps a slot or posts into the channel afterwards. Answers how many were cancelled.
     */
    async cancelAllOf(channelId: string, userId: string): Promise<number> {
      let cancelled = 0;
      for (const doc of await repo.unfinishedOf(channelId, userId)) if (await cancelTask(doc)) cancelled += 1;
      return cancelled;
    },

    async imageSeed(userId: string, taskId: string): Promise<{ seed: string }> {
      const doc = await taskInChannel(userId, taskId);
      if (doc.status !== TaskStatus.Success) throw taskRefusal('task.notFinished');
      // An upstream task's seed lives at the upstream (read once, then kept).
      const engine = deps.engines.forTask(doc.engine);
      if (!doc.seed && doc.upstreamId && engine?.imageSeed) {
        const seed = await engine.imageSeed(doc.upstreamId);
        await store.patch(doc._id, { seed });
        return { seed };
      }
      if (doc.seed === null) throw taskRefusal('task.notFinished');
      return { seed: doc.seed };
    },

    async byIds(userId: string, channelId: string, ids: string[]): Promise<Task[]> {
      await channels.asMember(channelId, userId);
      return this.byIdsInChannel(channelId, ids);
    },

    byIdsInChannel: tasksInChannel(repo, deps.hidden),

    /**
     * Stored tasks in each unfinished status. Finished ones are left out on purpose: their count
     * grows with the history, and counting it at every scrape held the event loop (163 ms at a
     * million events); `engine_task_duration_seconds` counts finishes instead.
     */
    async unfinishedCountsByStatus(): Promise<Record<string, number>> {
      const statuses = Object.values(TaskStatus).filter((status) => !TERMINAL_TASK_STATUSES.includes(status));
      const counts = await Promise.all(statuses.map((status) => repo.countIn(status)));
      return Object.fromEntries(statuses.map((status, i) => [status, counts[i]!]));
    },

    countsFor: (userId: string): Promise<{ running: number; queued: number }> => repo.countsFor(userId),
  };
}
export type TasksService = ReturnType<typeof tasksService>;
