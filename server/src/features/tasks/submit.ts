import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_TASK_DEADLINE_MS } from '@draw/machines';
import {
  TaskStatus,
  speedOf,
  type BotType,
  type TaskAction,
  type TaskModal,
  type TaskProperties,
} from '@draw/shared';
import type { EngineSpeed } from '../../engines/port';
import { withoutWaitingForDisk } from '../../storage/durability';
import type { SignedIn } from '../auth/identity';
import type { MessagesService } from '../messages/service';
import type { UploadsService } from '../uploads/service';
import type { Billing } from './billing';
import { speedOfJob, type StoredJob } from './jobs';
import type { TaskRefunds } from './refunds';
import type { TaskDoc } from './repository';
import type { TaskRunner } from './runner';
import type { TaskStore } from './store';

export interface PromptComposer {
  /**
   * The final prompt for `engine` (the suffix, and the settings' Midjourney parameters where the
   * engine reads them) and whether remix is on.
   */
  compose(
    userId: string,
    botType: BotType,
    prompt: string,
    engine: string,
  ): Promise<{ finalPrompt: string; remix: boolean }>;
}

/**
 * Checked before anything of a submit is stored or charged (moderation: a paused person, a banned
 * word in the prompt or in its English); throws the refusal.
 */
export type SubmitGuard = (
  userId: string,
  channelId: string,
  texts: readonly { text: string | undefined; source: 'prompt' | 'translation' }[],
) => Promise<void>;

/** A task about to be stored: what every kind of submit decides. */
export interface NewTask {
  user: SignedIn;
  channelId: string;
  /** The enabled engine that draws it (and whose price is charged). */
  engine: string;
  botType: BotType;
  action: TaskAction;
  prompt: string;
  /** What the engine gets (absent: the prompt itself, e.g. an action reusing its parent's). */
  promptEn?: string;
  finalPrompt: string;
  job: StoredJob;
  parentId?: string | null;
  modal?: TaskModal | null;
  properties?: TaskProperties;
}

export interface SubmitDeps {
  store: TaskStore;
  runner: Pick<TaskRunner, 'enqueue'>;
  messages: Pick<MessagesService, 'postTask'>;
  uploads: Pick<UploadsService, 'readOwned'>;
  billing: Pick<Billing, 'charge'>;
  prompts: PromptComposer;
  refunds: Pick<TaskRefunds, 'abandon'>;
  guard?: SubmitGuard;
  /** Makes the writes so far durable (the store's group commit). */
  flush: () => Promise<void>;
  now: () => number;
}

/** Charging, storing, announcing and queueing a new task: the common end of every submit. */
export function taskSubmitter(deps: SubmitDeps) {
  const { store, runner, messages, uploads, billing, prompts, refunds, now } = deps;

  /** The submit's writes, in order; `create` makes them durable. */
  async function writeSubmit(input: NewTask): Promise<string> {
    const id = randomUUID();
    const cost = await billing.charge(input.user._id, id, input.action, input.engine);
    const submitTime = now();
    const speed = speedOfJob(input.job);
    const doc: TaskDoc = {
      _id: id,
      channelId: input.channelId,
      userId: input.user._id,
      botType: input.botType,
      action: input.action,
      status: input.modal ? TaskStatus.Modal : TaskStatus.Submitted,
      prompt: input.prompt,
      promptEn: input.promptEn ?? input.prompt,
      finalPrompt: input.finalPrompt,
      description: '',
      submitTime,
      startTime: null,
      finishTime: null,
      progress: '0%',
      previewUrl: null,
      imageUrl: null,
      videoUrl: null,
      failReason: null,
      buttons: [],
      parentId: input.parentId ?? null,
      seed: 'seed' in input.job ? String(input.job.seed) : null,
      engine: input.engine,
      properties: {
        ...(input.properties ?? {}),
        ...(speed ? { speed } : {}),
        ...(input.modal ? { modal: input.modal } : {}),
      },
      job: input.job,
      hookToken: randomBytes(24).toString('base64url'),
      upstreamId: null,
      deadlineAt: submitTime + DEFAULT_TASK_DEADLINE_MS,
      leaseOwner: null,
      leaseUntil: 0,
      cost,
      // An editor's task is its owner's alone until submitted (modal.ts posts its message then).
      ...(input.modal ? { private: true } : {}),
    };
    try {
      const task = await store.create(doc);
      if (!input.modal) await messages.postTask(input.channelId, input.user._id, task);
    } catch (error) {
      await refunds.abandon(id);
      throw error;
    }
    return id;
  }

  return {
    /**
     * Stores the task and its message, publishes both, then queues it (or leaves it waiting in
     * MODAL). Its writes (charge, task, message, their events) commit without a disk wait each and
     * are flushed together before the answer: one disk wait per submit, shared by the submits of
     * the same moment, and nothing acknowledged that a machine crash could take.
     */
    async create(input: NewTask): Promise<{ taskId: string }> {
      await deps.guard?.(input.user._id, input.channelId, [
        { text: input.prompt, source: 'prompt' },
        { text: input.promptEn, source: 'translation' },
      ]);
      let id: string;
      try {
        id = await withoutWaitingForDisk(() => writeSubmit(input));
      } finally {
        await deps.flush();
      }
      // Queued outside the relaxed flow: the run's own writes (its end above all) commit in full.
      if (!input.modal)
        runner.enqueue({ _id: id, userId: input.user._id, channelId: input.channelId, engine: input.engine });
      return { taskId: id };
    },

    /** The person's bot and job mode for jobs without a prompt of their own (an upstream queues by mode). */
    async upstreamHints(
      userId: string,
      botType: BotType,
      engine: string,
    ): Promise<{ botType: BotType; speed?: EngineSpeed }> {
      const speed = speedOf((await prompts.compose(userId, botType, '', engine)).finalPrompt);
      return speed ? { botType, speed } : { botType };
    },

    /** The upload ids, once each is known to be the person's own. */
    async ownedImageKeys(user: SignedIn, ids: string[]): Promise<string[]> {
      for (const id of ids) await uploads.readOwned(user._id, id);
      return ids;
    },
  };
}
export type TaskSubmitter = ReturnType<typeof taskSubmitter>;
