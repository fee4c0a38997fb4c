import type { BlendDimensions, BotType } from './constants';
import type { UploadedFile } from './entities';
import type { ImagineReference, ReferenceWeightsRequest } from './references';

/** The bodies of POST /api/mj/submit/{kind}/{channelId}, declared once for the routes, the service and the web. */

export interface ImagineRequest {
  prompt: string;
  /** The English the person edited in the preview (else the server translates). */
  promptEn?: string;
  botType?: BotType;
  /** Image prompts (the same as references of kind `image`). */
  imageIds?: string[];
  references?: ImagineReference[];
  weights?: ReferenceWeightsRequest;
}

export interface DescribeRequest {
  imageId: string;
  botType?: BotType;
}

export interface BlendRequest {
  imageIds: string[];
  dimensions?: BlendDimensions;
  botType?: BotType;
}

export interface ShortenRequest {
  prompt: string;
  promptEn?: string;
  botType?: BotType;
}

/** A button pressed on a finished task. */
export interface ActionRequest {
  taskId: string;
  customId: string;
}

/** A MODAL task's input: a remix or custom-zoom prompt, a region's mask. */
export interface ModalRequest {
  taskId: string;
  prompt?: string;
  promptEn?: string;
  /** A data URL of the mask (vary region). */
  maskBase64?: string;
}

/** What every submit answers. */
export interface SubmitAnswer {
  taskId: string;
}

/** What POST /api/upload answers. */
export interface UploadAnswer {
  files: UploadedFile[];
}
