import {
  type BlendDimensions,
  type BotType,
  type DrawInfo,
  type DrawOptionRequest,
  type DrawSettings,
  type DrawSettingsOptions,
  type DrawSettingsUpdate,
  type ErrorReason,
  type ImagineReference,
  type ReferenceWeightsRequest,
} from '@draw/shared';
import { api } from '../../../lib/api';
import i18n from '../../../i18n';
import { call, HttpError, UNKNOWN_ERROR_MESSAGE, upload } from '../../../lib/http';
import { notify } from '../../../lib/notify';

/**
 * After a failed call: toasts only what was not shown yet (the http client toasts every refusal
 * that has a message; spec §8's 404/500 at HTTP 200 comes back unshown with its message; a failure
 * envelope without a message, or an unexpected error, gets the generic one), and returns the
 * server's reason, if any.
 */
export function reportFailure(error: unknown): ErrorReason | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (!(error instanceof HttpError) || error.message === UNKNOWN_ERROR_MESSAGE) notify.error(i18n.t('http.requestFailed'));
  else if (!error.shown) notify.error(error.message);
  return error instanceof HttpError ? error.reason : null;
}

export type { SubmitAnswer } from '@draw/shared';
import type { SubmitAnswer } from '@draw/shared';

const routes = api.tasks;
const settings = api.settings;
const bot = (botType: BotType) => ({ botType });

/** Uploads the files in one multipart request; the ids of the stored images, in order. */
export async function uploadImages(files: readonly File[]): Promise<string[]> {
  return (await upload(files)).files.map((file) => file.id);
}

export interface PromptTranslation {
  promptEn: string;
  translated: boolean;
  failed: boolean;
}

/** The English the server would send for a prompt (the composer's preview). */
export function translatePrompt(prompt: string): Promise<PromptTranslation> {
  return call(routes.translate, { body: { prompt } });
}

export function submitImagine(
  channelId: string,
  body: { prompt: string; promptEn?: string; botType: BotType; imageIds?: string[]; references?: ImagineReference[]; weights?: ReferenceWeightsRequest },
): Promise<SubmitAnswer> {
  return call(routes.imagine, { params: { channelId }, body });
}

export function submitDescribe(channelId: string, body: { imageId: string; botType: BotType }): Promise<SubmitAnswer> {
  return call(routes.describe, { params: { channelId }, body });
}

export function submitBlend(channelId: string, body: { imageIds: string[]; dimensions: BlendDimensions; botType: BotType }): Promise<SubmitAnswer> {
  return call(routes.blend, { params: { channelId }, body });
}

export function submitShorten(channelId: string, body: { prompt: string; promptEn?: string; botType: BotType }): Promise<SubmitAnswer> {
  return call(routes.shorten, { params: { channelId }, body });
}

export function getSettings(channelId: string, botType: BotType): Promise<DrawSettings> {
  return call(settings.get, { params: { id: channelId }, query: bot(botType) });
}

export function getSettingsOptions(botType: BotType): Promise<DrawSettingsOptions> {
  return call(settings.options, { query: bot(botType) });
}

export function putVersion(botType: BotType, version: string): Promise<DrawSettings> {
  return call(settings.version, { params: { version }, query: bot(botType) });
}

export function putOption(botType: BotType, option: DrawOptionRequest): Promise<DrawSettings> {
  return call(settings.option, { body: option, query: bot(botType) });
}

export function putSuffix(botType: BotType, suffix: string): Promise<DrawSettings> {
  return call(settings.suffix, { body: { suffix }, query: bot(botType) });
}

export function putSettings(botType: BotType, update: DrawSettingsUpdate): Promise<DrawSettings> {
  return call(settings.update, { body: update, query: bot(botType) });
}

export function getInfo(channelId: string, botType: BotType): Promise<DrawInfo> {
  return call(settings.info, { params: { id: channelId }, query: bot(botType) });
}
