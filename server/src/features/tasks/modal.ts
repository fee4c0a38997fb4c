import { DEFAULT_TASK_DEADLINE_MS } from '@draw/machines';
import { Limits, ModalKind, TaskStatus, type ModalRequest } from '@draw/shared';
import type { BlobStore } from '../../blobs/port';
import type { SignedIn } from '../auth/identity';
import type { MessagesService } from '../messages/service';
import type { UploadsService } from '../uploads/service';
import { assertParameters, taskRefusal } from './errors';
import { byJobKind, type PerKindOf } from '../../engines/port';
import { speedOfJob, type StoredJob } from './jobs';

type StoredJobOfKind<K extends StoredJob['kind']> = Extract<StoredJob, { kind: K }>;
import { parentImageSize, storeMask } from './mask';
import { seedOf, translationFlag, validatePrompt, zoomFromPrompt, type English } from './prompt';
import type { TaskDoc, TasksRepository } from './repository';
import type { TaskRunner } from './runner';
import type { TaskStore } from './store';
import type { PromptComposer, SubmitGuard } from './submit';

export interface ModalDeps {
  repo: Pick<TasksRepository, 'byId'>;
  store: Pick<TaskStore, 'update'>;
  messages: Pick<MessagesService, 'postTask'>;
  runner: Pick<TaskRunner, 'enqueue'>;
  blobs: BlobStore;
  uploads: Pick<UploadsService, 'readOwned'>;
  prompts: PromptComposer;
  english: (prompt: string, edited?: string) => Promise<English>;
  now: () => number;
  guard?: SubmitGuard;
}

/** A MODAL task gets what it waited for (a prompt, a mask, a zoom) and goes to the queue. */
/** What the editor's submit hands each kind of job. */
interface ModalInput {
  /** What the person wrote (or the editor's default), and it composed for the engine. */
  prompt: string;
  finalPrompt: string;
  modal: NonNullable<TaskDoc['properties']['modal']>;
  body: ModalRequest;
  userId: string;
  deps: Pick<ModalDeps, 'uploads' | 'blobs' | 'repo'>;
}

const unchanged = (job: StoredJob) => job;

/** A new remix prompt must reach the engine: an engine that would drop it fails the task instead. */
function remixed<J extends StoredJobOfKind<'variation' | 'reroll' | 'pan'>>(job: J, input: ModalInput): J {
  const { modal, prompt, finalPrompt } = input;
  // A remix modal means the person's Remix is on: the upstream is asked for its own modal too.
  return {
    ...job,
    prompt: finalPrompt,
    ...(modal.kind === ModalKind.Remix ? { enableRemix: true } : {}),
    ...(modal.kind === ModalKind.Remix && prompt !== modal.defaultPrompt ? { remix: true } : {}),
  };
}

/** Each job kind as its editor's submit leaves it (a kind without a prompt to take stays as it is). */
const SUBMITTED: PerKindOf<StoredJob, Promise<StoredJob> | StoredJob, [input: ModalInput]> = {
  region: async (job, { body, userId, finalPrompt, deps }) => {
    if (!body.maskImageId) throw taskRefusal('task.maskRequired');
    // Only the person's own upload, as for every image a task takes.
    const { data } = await deps.uploads.readOwned(userId, body.maskImageId);
    return {
      ...job,
      prompt: finalPrompt,
      maskKey: await storeMask(deps.blobs, data, await parentImageSize(deps.repo, deps.blobs, job.parentId)),
    };
  },
  zoom: (job, { prompt, finalPrompt }) => {
    const factor = zoomFromPrompt(prompt);
    if (factor === null || Number.isNaN(factor))
      throw taskRefusal('task.badZoom', { min: Limits.zoomMin, max: Limits.zoomMax });
    return { ...job, prompt: finalPrompt, factor };
  },
  imagine: (job, { finalPrompt }) => ({ ...job, prompt: finalPrompt, seed: seedOf(finalPrompt) }),
  edit: (job, { finalPrompt }) => ({ ...job, prompt: finalPrompt, seed: seedOf(finalPrompt) }),
  variation: remixed,
  reroll: remixed,
  pan: remixed,
  upscale: unchanged,
  blend: unchanged,
  describe: unchanged,
  shorten: unchanged,
  animate: unchanged,
  extend: unchanged,
};

export function modalCompleter({
  repo,
  store,
  messages,
  runner,
  blobs,
  uploads,
  prompts,
  english,
  now,
  guard,
}: ModalDeps) {
  return async function complete(
    user: SignedIn,
    doc: TaskDoc,
    body: ModalRequest,
  ): Promise<{ taskId: string }> {
    if (doc.userId !== user._id) throw taskRefusal(doc.private ? 'task.notFound' : 'task.notYours');
    if (doc.status !== TaskStatus.Modal || !doc.properties.modal) throw taskRefusal('task.notModal');
    const modal = doc.properties.modal;
    const prompt = body.prompt?.trim() ? validatePrompt(body.prompt) : modal.defaultPrompt;
    // The default prompt unchanged keeps the English it came with (a custom zoom's adds its --zoom).
    const kept =
      prompt === modal.defaultPrompt &&
      !body.promptEn?.trim() &&
      doc.promptEn &&
      modal.kind !== ModalKind.CustomZoom;
    const en: English = kept
      ? { promptEn: doc.promptEn, translationFailed: doc.properties.translationFailed === true }
      : await english(prompt, body.promptEn);
    // Checked before the task changes (its charge was taken when the editor opened; a cancel refunds it).
    await guard?.(user._id, doc.channelId, [
      { text: prompt, source: 'prompt' },
      { text: en.promptEn, source: 'translation' },
    ]);
    const { finalPrompt } = await prompts.compose(user._id, doc.botType, en.promptEn, doc.engine);
    assertParameters(finalPrompt);
    const job = await byJobKind(SUBMITTED, doc.job, {
      prompt,
      finalPrompt,
      modal,
      body,
      userId: user._id,
      deps: { uploads, blobs, repo },
    });
    // A prompt the person wrote here may name another job mode (an imagine from a suggestion).
    const { translationFailed: _was, speed: _before, ...properties } = doc.properties;
    const speed = speedOfJob(job);
    // The deadline is for drawing: time spent waiting here for the user's input does not count.
    const updated = await store.update(
      doc._id,
      {
        status: TaskStatus.Submitted,
        prompt,
        promptEn: en.promptEn,
        finalPrompt,
        properties: { ...properties, ...(speed ? { speed } : {}), ...translationFlag(en) },
      },
      { job, deadlineAt: now() + DEFAULT_TASK_DEADLINE_MS },
    );
    if (!updated) throw taskRefusal('task.notModal');
    // Submitted: the channel sees the task for the first time, with its message.
    if (doc.private) await messages.postTask(doc.channelId, doc.userId, updated);
    runner.enqueue(doc);
    return { taskId: doc._id };
  };
}
