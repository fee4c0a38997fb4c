import type {
  BotType,
  EditorActionName,
  EngineInfo,
  ImagineReference,
  ReferenceWeightsRequest,
} from '@draw/shared';
import { api, editorRoute } from '../../../lib/api';
import { call, uploadImages } from '../../../lib/http';
import { refreshCredits } from '../credits/creditsStore';

/** What every task the composer submits carries besides its own fields. */
export interface TaskTarget {
  channelId: string;
  botType: BotType;
  /** Only a person's own engine pick; otherwise the server applies the channel's. */
  engineBody: { engine?: EngineInfo['id'] };
}

/** A task was submitted: the credit meter reads the balance again (also when the live feed is down). */
function charged<T>(submitted: Promise<T>): Promise<T> {
  return submitted.then((answer) => {
    void refreshCredits();
    return answer;
  });
}

type References =
  { imageIds: string[] } | { references: ImagineReference[]; weights: ReferenceWeightsRequest };

/**
 * /imagine: the attached images are uploaded first; `referencesOf` says what each stored image is
 * for (image prompt, style, character or omni reference).
 */
export async function submitImagine(
  target: TaskTarget,
  prompt: string,
  edited: { promptEn?: string },
  files: readonly File[],
  referencesOf: (imageIds: string[]) => References,
) {
  const imageIds = files.length > 0 ? await uploadImages(files) : undefined;
  const referenced = imageIds ? referencesOf(imageIds) : {};
  return charged(
    call(api.tasks.imagine, {
      params: { channelId: target.channelId },
      body: { prompt, ...edited, botType: target.botType, ...target.engineBody, ...referenced },
    }),
  );
}

export function submitShorten(target: TaskTarget, prompt: string, edited: { promptEn?: string }) {
  return charged(
    call(api.tasks.shorten, {
      params: { channelId: target.channelId },
      body: { prompt, ...edited, botType: target.botType, ...target.engineBody },
    }),
  );
}

/** /describe: one image, uploaded, then described. */
export async function submitDescribe(target: TaskTarget, file: File) {
  const [imageId] = await uploadImages([file]);
  return charged(
    call(api.tasks.describe, {
      params: { channelId: target.channelId },
      body: { imageId: imageId!, botType: target.botType, ...target.engineBody },
    }),
  );
}

/** An editor command (`/retexture` …): one image, uploaded, then restyled by the prompt. */
export async function submitEditor(target: TaskTarget, name: EditorActionName, prompt: string, file: File) {
  const [imageId] = await uploadImages([file]);
  return charged(
    call(editorRoute(name), {
      params: { channelId: target.channelId },
      body: { imageId: imageId!, prompt, botType: target.botType, ...target.engineBody },
    }),
  );
}
