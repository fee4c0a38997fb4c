import type { ActionRequest, MessagePage, ModalRequest, Task } from '@draw/shared';
import { http } from '../../../lib/http';
import { isMessagePage, isTask } from './feedState';

/**
 * The feed's REST calls. The HTTP client returns a 404/500 envelope as is instead of throwing,
 * so every answer is checked for its shape; `null` means "no usable answer".
 */

export const PAGE_SIZE = 50;

export async function fetchPage(channelId: string, before?: number): Promise<MessagePage | null> {
  const answer = await http.get<unknown>(`/api/draw/chat/${encodeURIComponent(channelId)}`, {
    params: { before, limit: PAGE_SIZE },
  });
  return isMessagePage(answer) ? answer : null;
}

export async function fetchTasks(channelId: string, ids: readonly string[]): Promise<Task[]> {
  const answer = await http.post<unknown>(`/api/draw/tasks/${encodeURIComponent(channelId)}`, { ids });
  return Array.isArray(answer) ? answer.filter(isTask) : [];
}

export async function fetchTask(taskId: string): Promise<Task | null> {
  const answer = await http.get<unknown>(`/api/mj/task/${encodeURIComponent(taskId)}/fetch`);
  return isTask(answer) ? answer : null;
}

/** The message of a failed call that did not throw (a returned 404/500 envelope). */
export function failureMessage(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const message = (answer as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : null;
}

function taskIdOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const id = (answer as { taskId?: unknown }).taskId;
  return typeof id === 'string' ? id : null;
}

export type SubmitResult = { ok: true; taskId: string } | { ok: false; message: string | null };

async function submit(url: string, body: unknown): Promise<SubmitResult> {
  const answer = await http.post<unknown>(url, body);
  const taskId = taskIdOf(answer);
  return taskId ? { ok: true, taskId } : { ok: false, message: failureMessage(answer) };
}

/** A button on a finished task: U1, V2, 🔄, Vary (Region)… The new task may start in MODAL. */
export function submitAction(channelId: string, taskId: string, customId: string): Promise<SubmitResult> {
  return submit(`/api/mj/submit/action/${encodeURIComponent(channelId)}`, { taskId, customId } satisfies ActionRequest);
}

/** Completes a MODAL task (only its submitter may). */
export function submitModal(channelId: string, body: ModalRequest): Promise<SubmitResult> {
  return submit(`/api/mj/submit/modal/${encodeURIComponent(channelId)}`, body);
}

export async function cancelTask(taskId: string): Promise<Task | null> {
  const answer = await http.post<unknown>(`/api/mj/task/${encodeURIComponent(taskId)}/cancel`);
  return isTask(answer) ? answer : null;
}

/** DELETE /api/draw/chat/{messageId}: true when the server deleted it. */
export async function deleteMessage(messageId: string): Promise<boolean> {
  const answer = await http.delete<unknown>(`/api/draw/chat/${encodeURIComponent(messageId)}`);
  // Success answers `data: null`; a returned 404/500 envelope is an object.
  return answer === null || answer === undefined;
}
