import {
  isEnvelope,
  type BlendRequest,
  type BotType,
  type DescribeRequest,
  type DrawInfo,
  type DrawOptionRequest,
  type DrawSettings,
  type DrawSettingsOptions,
  type DrawSettingsUpdate,
  type ErrorReason,
  type ImagineRequest,
  type Message,
  type ShortenRequest,
  type SubmitAnswer,
  type UploadAnswer,
} from '@draw/shared';
import i18n from '../../../i18n';
import { http, HttpError, UNKNOWN_ERROR_MESSAGE, upload } from '../../../lib/http';
import { notify } from '../../../lib/notify';

/**
 * The composer's calls. Failure envelopes with a message are toasted by the http client and
 * thrown; a 404/500 envelope is *returned* by it (spec §8), so every answer is checked here and
 * such an answer is toasted (its message, or the generic one) and thrown, once.
 */
function expect<T>(answer: unknown, isValid: (value: Record<string, unknown>) => boolean): T {
  if (typeof answer === 'object' && answer !== null && !isEnvelope(answer) && isValid(answer as Record<string, unknown>)) return answer as T;
  const message = isEnvelope(answer) && !answer.success && answer.message ? answer.message : i18n.t('http.requestFailed');
  notify.error(message);
  throw new HttpError(message, { status: isEnvelope(answer) ? answer.code : 200, code: isEnvelope(answer) ? answer.code : null, reason: isEnvelope(answer) && !answer.success ? answer.reason : null });
}

/**
 * After a failed call: toasts only what was not shown yet (the http client and `expect` toast every
 * failure that has a message; a failure envelope without one, or an unexpected error, is silent),
 * and returns the server's reason, if any.
 */
export function reportFailure(error: unknown): ErrorReason | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  const shown = error instanceof HttpError && error.message !== UNKNOWN_ERROR_MESSAGE;
  if (!shown) notify.error(i18n.t('http.requestFailed'));
  return error instanceof HttpError ? error.reason : null;
}

export type { SubmitAnswer } from '@draw/shared';
const isSubmit = (value: Record<string, unknown>) => typeof value.taskId === 'string';

const bot = (botType: BotType) => ({ params: { botType } });

/** Uploads the files in one multipart request; the ids of the stored images, in order. */
export async function uploadImages(files: readonly File[]): Promise<string[]> {
  const answer = expect<UploadAnswer>(await upload(files), (value) => Array.isArray(value.files));
  return answer.files.map((file) => file.id);
}

export interface PromptTranslation {
  promptEn: string;
  translated: boolean;
  failed: boolean;
}

/** The English the server would send for a prompt (the composer's preview). */
export async function translatePrompt(prompt: string): Promise<PromptTranslation> {
  return expect(await http.post('/api/mj/translate', { prompt }), (value) => typeof value.promptEn === 'string');
}

export async function submitImagine(
  channelId: string,
  body: ImagineRequest,
): Promise<SubmitAnswer> {
  return expect(await http.post(`/api/mj/submit/imagine/${channelId}`, body), isSubmit);
}

export async function submitDescribe(channelId: string, body: DescribeRequest): Promise<SubmitAnswer> {
  return expect(await http.post(`/api/mj/submit/describe/${channelId}`, body), isSubmit);
}

export async function submitBlend(channelId: string, body: BlendRequest): Promise<SubmitAnswer> {
  return expect(await http.post(`/api/mj/submit/blend/${channelId}`, body), isSubmit);
}

export async function submitShorten(channelId: string, body: ShortenRequest): Promise<SubmitAnswer> {
  return expect(await http.post(`/api/mj/submit/shorten/${channelId}`, body), isSubmit);
}

export async function postMessage(channelId: string, content: string): Promise<Message> {
  return expect(await http.post(`/api/draw/chat/${channelId}`, { content }), (value) => typeof value.id === 'string');
}

const isSettings = (value: Record<string, unknown>) => typeof value.version === 'string';

export async function getSettings(channelId: string, botType: BotType): Promise<DrawSettings> {
  return expect(await http.get(`/api/draw/settings/${channelId}`, bot(botType)), isSettings);
}

export async function getSettingsOptions(botType: BotType): Promise<DrawSettingsOptions> {
  return expect(await http.get('/api/draw/settings/options', bot(botType)), (value) => Array.isArray(value.versions));
}

export async function putVersion(botType: BotType, version: string): Promise<DrawSettings> {
  return expect(await http.put(`/api/draw/settings/version/${encodeURIComponent(version)}`, undefined, bot(botType)), isSettings);
}

export async function putOption(botType: BotType, option: DrawOptionRequest): Promise<DrawSettings> {
  return expect(await http.put('/api/draw/settings/option', option, bot(botType)), isSettings);
}

export async function putSuffix(botType: BotType, suffix: string): Promise<DrawSettings> {
  return expect(await http.put('/api/draw/settings/suffix', { suffix }, bot(botType)), isSettings);
}

export async function putSettings(botType: BotType, update: DrawSettingsUpdate): Promise<DrawSettings> {
  return expect(await http.put('/api/draw/settings', update, bot(botType)), isSettings);
}

export async function getInfo(channelId: string, botType: BotType): Promise<DrawInfo> {
  return expect(await http.get(`/api/draw/info/${channelId}`, bot(botType)), (value) => typeof value.engine === 'string');
}
