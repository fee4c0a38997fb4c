import type { Language, TaskFailure, TaskFailureCode } from '@draw/shared';
import type { Catalogue } from '../i18n/catalogue';
import { messages } from '../i18n/messages';
import { upstreamMessages } from '../features/upstream/messages';
import { engineServiceMessages } from './messages';
import { comfyuiMessages } from './comfyui/messages';

/**
 * Every failure code in every language. The web words a failure from its own locale files; these
 * give the English `failReason` stored beside the code for API clients. The upstream's own words
 * and technical details go in as parameters.
 */
const engineFailureMessages = {
  emptyPrompt: {
    'zh-CN': '提示词为空：请描述要画的内容。积分已退还。',
    'en-US': 'The prompt is empty: describe what to draw. Your credits were refunded.',
    'zh-TW': '提示詞為空：請描述要畫的內容。點數已退還。',
  },
  nothingToShorten: {
    'zh-CN': '无法精简：提示词中没有描述性的词语。积分已退还。',
    'en-US': 'Nothing to shorten: the prompt has no descriptive words. Your credits were refunded.',
    'zh-TW': '無法精簡：提示詞中沒有描述性的詞語。點數已退還。',
  },
  emptyMask: {
    'zh-CN': '蒙版中没有选中任何区域：请用白色涂抹要修改的区域。积分已退还。',
    'en-US': 'The mask selects nothing: paint the area to change in white. Your credits were refunded.',
    'zh-TW': '遮罩中沒有選取任何區域：請用白色塗抹要修改的區域。點數已退還。',
  },
  blendCount: {
    'zh-CN': '混合需要 {min} 到 {max} 张图片，实际为 {given} 张。积分已退还。',
    'en-US': 'Blend takes {min} to {max} images; {given} given. Your credits were refunded.',
    'zh-TW': '混合需要 {min} 到 {max} 張圖片，實際為 {given} 張。點數已退還。',
  },
  zoomRange: {
    'zh-CN': '缩放倍数必须在 1 到 2 之间（当前为 {factor}）。积分已退还。',
    'en-US': 'Zoom must be between 1 and 2 (got {factor}). Your credits were refunded.',
    'zh-TW': '縮放倍數必須在 1 到 2 之間（目前為 {factor}）。點數已退還。',
  },
  animateNeedsUpscale: {
    'zh-CN': '只能为放大后的单张图片制作动画。积分已退还。',
    'en-US': 'Animate works on an upscaled image. Your credits were refunded.',
    'zh-TW': '只能為放大後的單張圖片製作動畫。點數已退還。',
  },
  extendNeedsClip: {
    'zh-CN': '只能延长已完成的视频。积分已退还。',
    'en-US': 'Extend works on a finished clip. Your credits were refunded.',
    'zh-TW': '只能延長已完成的影片。點數已退還。',
  },
  clipTooLarge: {
    'zh-CN': '生成的视频过大，无法保存。积分已退还。',
    'en-US': 'The clip came out too large to keep. Your credits were refunded.',
    'zh-TW': '產生的影片過大，無法儲存。點數已退還。',
  },
  unreadableInput: {
    'zh-CN': '无法读取输入的图片（{detail}）。积分已退还。',
    'en-US': 'An input image could not be read ({detail}). Your credits were refunded.',
    'zh-TW': '無法讀取輸入的圖片（{detail}）。點數已退還。',
  },
  inputMissing: {
    'zh-CN': '此任务所用的图片已不存在。积分已退还。',
    'en-US': 'An image this task starts from is no longer available. Your credits were refunded.',
    'zh-TW': '此任務所用的圖片已不存在。點數已退還。',
  },
  remixOffUpstream: messages['task.remixOffUpstream'],
  timedOut: {
    'zh-CN': '任务超时：未在 {minutes} 分钟内完成。积分已退还。',
    'en-US': 'Timed out: the task did not finish within {minutes} minutes. Your credits were refunded.',
    'zh-TW': '任務逾時：未在 {minutes} 分鐘內完成。點數已退還。',
  },
  notSaved: messages['task.notSaved'],
  engineError: {
    'zh-CN': '引擎未能画出这张图。积分已退还。',
    'en-US': 'The engine could not draw this image. Your credits were refunded.',
    'zh-TW': '引擎未能畫出這張圖。點數已退還。',
  },
} as const satisfies Record<string, Catalogue>;

type UpstreamCode = Extract<TaskFailureCode, `upstream.${string}`>;
type EngineServiceCode = Extract<TaskFailureCode, `engine.${string}`>;
type ComfyCode = Extract<TaskFailureCode, `comfyui.${string}`>;

export const failureMessages: Record<TaskFailureCode, Catalogue> = {
  ...engineFailureMessages,
  ...(upstreamMessages satisfies Record<UpstreamCode, Catalogue>),
  ...(engineServiceMessages satisfies Record<EngineServiceCode, Catalogue>),
  ...(comfyuiMessages satisfies Record<ComfyCode, Catalogue>),
};

/** A failure in one language (the English one is the task's `failReason`). */
export function failureText(failure: TaskFailure, language: Language): string {
  return failureMessages[failure.code][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in failure.params ? String(failure.params[name]) : whole,
  );
}
