import type { MessagePage, ModalRequest, Task } from '@draw/shared';
import { api } from '../../../lib/api';
import { call, HttpError } from '../../../lib/http';

/**
 * The feed's REST calls. A failure the client hands back unshown (spec §8's 404/500 at HTTP 200)
 * is "no usable answer" here: `null` (or `ok: false`); every other failure throws `HttpError`.
 */

export const PAGE_SIZE = 50;

async function unlessHandedBack<T, F>(answer: Promise<T>, instead: (error: HttpError) => F): Promise<T | F> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof HttpError && !error.shown) return instead(error);
    throw error;
  }
}
const nothing = () => null;

/** `silent`: no toast whatever fails (a page read ahead of need, see `firstScreen.ts`). */
export function fetchPage(
  channelId: string,
  before?: number,
  { silent = false } = {},
): Promise<MessagePage | null> {
  return unlessHandedBack(
    call(api.messages.page, { params: { id: channelId }, query: { before, limit: PAGE_SIZE }, silent }),
    nothing,
  );
}

export async function fetchTasks(channelId: string, ids: readonly string[]): Promise<Task[]> {
  return (
    (await unlessHandedBack(
      call(api.tasks.byIds, { params: { channelId }, body: { ids: [...ids] } }),
      nothing,
    )) ?? []
  );
}

export function fetchTask(taskId: string): Promise<Task | null> {
  return unlessHandedBack(call(api.tasks.fetch, { params: { id: taskId } }), nothing);
}

export type SubmitResult = { ok: true; taskId: string } | { ok: false; message: string | null };

async function submit(answer: Promise<{ taskId: string }>): Promise<SubmitResult> {
  return unlessHandedBack(
    answer.then(({ taskId }): SubmitResult => ({ ok: true, taskId })),
    (error): SubmitResult => ({ ok: false, message: error.message || null }),
  );
}

/** A button on a finished task: U1, V2, 🔄, Vary (Region)… The new task may start in MODAL. */
export function submitAction(channelId: string, taskId: string, customId: string): Promise<SubmitResult> {
  return submit(call(api.tasks.action, { params: { channelId }, body: { taskId, customId } }));
}

/** Completes a MODAL task (only its submitter may). A region's mask is uploaded first and named by its id. */
export function submitModal(channelId: string, body: ModalRequest): Promise<SubmitResult> {
  return submit(call(api.tasks.modal, { params: { channelId }, body }));
}

export function cancelTask(taskId: string): Promise<Task | null> {
  return unlessHandedBack(call(api.tasks.cancel, { params: { id: taskId } }), nothing);
}

/** DELETE /api/draw/chat/{messageId}: true when the server deleted it. */
export async function deleteMessage(messageId: string): Promise<boolean> {
  return unlessHandedBack(
    call(api.messages.remove, { params: { id: messageId } }).then(() => true),
    () => false,
  );
}
