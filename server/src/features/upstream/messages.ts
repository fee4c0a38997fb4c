import type { Catalogue } from '../../i18n/catalogue';

/**
 * What users read when the midjourney-proxy upstream says no, fails or cannot be reached. Task
 * failure reasons are stored on the task in en-US (as every engine's are); the HTTP answers
 * (image seed, notify hook) come in the asker's language.
 */
export const upstreamMessages = {
  'upstream.down': {
    'zh-CN': 'Midjourney 服务暂时无法连接（{detail}），请稍后再试；积分已退还。',
    'en-US':
      'The Midjourney service cannot be reached ({detail}). Try again later; your credits were refunded.',
    'zh-TW': 'Midjourney 服務暫時無法連線（{detail}），請稍後再試；點數已退還。',
  },
  'upstream.lost': {
    'zh-CN': '绘图过程中与 Midjourney 服务失去联系（{detail}），积分已退还。',
    'en-US': 'Lost contact with the Midjourney service while drawing ({detail}). Your credits were refunded.',
    'zh-TW': '繪圖過程中與 Midjourney 服務失去聯繫（{detail}），點數已退還。',
  },
  'upstream.unauthorized': {
    'zh-CN': 'Midjourney 服务拒绝了本站的密钥，请联系站点管理员；积分已退还。',
    'en-US':
      "The Midjourney service refused this site's secret. Please tell the site admin; your credits were refunded.",
    'zh-TW': 'Midjourney 服務拒絕了本站的金鑰，請聯絡站點管理員；點數已退還。',
  },
  'upstream.queueFull': {
    'zh-CN': 'Midjourney 队列已满，请几分钟后再试；积分已退还。',
    'en-US': 'The Midjourney queue is full. Try again in a few minutes; your credits were refunded.',
    'zh-TW': 'Midjourney 佇列已滿，請幾分鐘後再試；點數已退還。',
  },
  'upstream.banned': {
    'zh-CN': 'Midjourney 拒绝了该提示词：“{word}”是违禁词。积分已退还。',
    'en-US': 'Midjourney refused the prompt: "{word}" is not allowed. Your credits were refunded.',
    'zh-TW': 'Midjourney 拒絕了該提示詞：「{word}」是違禁詞。點數已退還。',
  },
  'upstream.bannedPrompt': {
    'zh-CN': 'Midjourney 服务拒绝了该提示词：可能包含违禁词。积分已退还。',
    'en-US':
      'The Midjourney service refused the prompt: it may contain a banned word. Your credits were refunded.',
    'zh-TW': 'Midjourney 服務拒絕了該提示詞：可能包含違禁詞。點數已退還。',
  },
  'upstream.noAccount': {
    'zh-CN': 'Midjourney 服务暂时没有可用的账号（{detail}），请稍后再试或换一种速度模式；积分已退还。',
    'en-US':
      'The Midjourney service has no account free for this right now ({detail}). Try again later or with another speed; your credits were refunded.',
    'zh-TW': 'Midjourney 服務暫時沒有可用的帳號（{detail}），請稍後再試或換一種速度模式；點數已退還。',
  },
  'upstream.limitReached': {
    'zh-CN': '本站在 Midjourney 服务的绘图次数已达上限（{detail}），请稍后再试；积分已退还。',
    'en-US':
      'This site has reached its drawing limit at the Midjourney service ({detail}). Try again later; your credits were refunded.',
    'zh-TW': '本站在 Midjourney 服務的繪圖次數已達上限（{detail}），請稍後再試；點數已退還。',
  },
  'upstream.tempBanned': {
    'zh-CN': 'Midjourney 服务暂时封锁了本站（违禁词过多），请稍后再试；积分已退还。',
    'en-US':
      'The Midjourney service has blocked this site for a while (too many banned prompts). Try again later; your credits were refunded.',
    'zh-TW': 'Midjourney 服務暫時封鎖了本站（違禁詞過多），請稍後再試；點數已退還。',
  },
  'upstream.refused': {
    'zh-CN': 'Midjourney 服务拒绝了该请求：{detail}。积分已退还。',
    'en-US': 'The Midjourney service refused this: {detail}. Your credits were refunded.',
    'zh-TW': 'Midjourney 服務拒絕了該請求：{detail}。點數已退還。',
  },
  'upstream.remixUnsupported': {
    'zh-CN':
      'Midjourney 账号未开启 Remix 模式，无法按你的 Remix 设置修改提示词；请关闭 Remix 设置后再试。积分已退还。',
    'en-US':
      'The Midjourney account does not have Remix on, so your Remix setting cannot be honoured. Turn Remix off in your settings and try again; your credits were refunded.',
    'zh-TW':
      'Midjourney 帳號未開啟 Remix 模式，無法依你的 Remix 設定修改提示詞；請關閉 Remix 設定後再試。點數已退還。',
  },
  'upstream.notOffered': {
    'zh-CN': '当前的 Midjourney 服务不提供 {feature}。',
    'en-US': 'This Midjourney service does not offer {feature}.',
    'zh-TW': '目前的 Midjourney 服務不提供 {feature}。',
  },
  'upstream.cancelRefused': {
    'zh-CN':
      '已在本站取消并退还积分，但 Midjourney 服务拒绝停止该任务（{detail}；取消需要管理员令牌），它仍会占用账号额度。',
    'en-US':
      "Cancelled here and refunded, but the Midjourney service refused to stop the job ({detail}; cancelling needs its admin token), so it still uses the account's quota.",
    'zh-TW':
      '已在本站取消並退還點數，但 Midjourney 服務拒絕停止該任務（{detail}；取消需要管理員權杖），它仍會佔用帳號額度。',
  },
  'upstream.invalid': {
    'zh-CN': 'Midjourney 拒绝了该请求：{detail}。积分已退还。',
    'en-US': 'Midjourney refused the request: {detail}. Your credits were refunded.',
    'zh-TW': 'Midjourney 拒絕了該請求：{detail}。點數已退還。',
  },
  'upstream.notFound': {
    'zh-CN': 'Midjourney 找不到该任务引用的内容（{detail}），积分已退还。',
    'en-US': 'Midjourney no longer has what this task refers to ({detail}). Your credits were refunded.',
    'zh-TW': 'Midjourney 找不到該任務引用的內容（{detail}），點數已退還。',
  },
  'upstream.system': {
    'zh-CN': 'Midjourney 服务出错：{detail}。积分已退还。',
    'en-US': 'The Midjourney service failed: {detail}. Your credits were refunded.',
    'zh-TW': 'Midjourney 服務出錯：{detail}。點數已退還。',
  },
  'upstream.failed': {
    'zh-CN': 'Midjourney 未能完成绘图：{reason}。积分已退还。',
    'en-US': 'Midjourney could not draw this: {reason}. Your credits were refunded.',
    'zh-TW': 'Midjourney 未能完成繪圖：{reason}。點數已退還。',
  },
  'upstream.cancelled': {
    'zh-CN': '任务已在 Midjourney 端被取消（{reason}），积分已退还。',
    'en-US': 'The task was cancelled at Midjourney ({reason}). Your credits were refunded.',
    'zh-TW': '任務已在 Midjourney 端被取消（{reason}），點數已退還。',
  },
  'upstream.forgotten': {
    'zh-CN': 'Midjourney 服务已不认识该任务（可能已重启），积分已退还。',
    'en-US':
      'The Midjourney service no longer knows this task (it was probably restarted). Your credits were refunded.',
    'zh-TW': 'Midjourney 服務已不認得該任務（可能已重新啟動），點數已退還。',
  },
  'upstream.imageCopy': {
    'zh-CN': '无法从 Midjourney 取回图片（{detail}），积分已退还。',
    'en-US': 'The image could not be copied from Midjourney ({detail}). Your credits were refunded.',
    'zh-TW': '無法從 Midjourney 取回圖片（{detail}），點數已退還。',
  },
  'upstream.noImage': {
    'zh-CN': 'Midjourney 报告任务完成，但没有返回图片。积分已退还。',
    'en-US': 'Midjourney reported the task finished but sent no image. Your credits were refunded.',
    'zh-TW': 'Midjourney 回報任務完成，但沒有傳回圖片。點數已退還。',
  },
  'upstream.notFromUpstream': {
    'zh-CN': '这张图不是由 Midjourney 画的，无法在 Midjourney 上使用它的按钮。积分已退还。',
    'en-US':
      'This image was not drawn by Midjourney, so its buttons cannot be used there. Your credits were refunded.',
    'zh-TW': '這張圖不是由 Midjourney 畫的，無法在 Midjourney 上使用它的按鈕。點數已退還。',
  },
  'upstream.badAnswer': {
    'zh-CN': 'Midjourney 服务返回了无法识别的应答（{detail}），积分已退还。',
    'en-US': 'The Midjourney service gave an answer we cannot read ({detail}). Your credits were refunded.',
    'zh-TW': 'Midjourney 服務傳回了無法識別的回應（{detail}），點數已退還。',
  },
  'upstream.hookRejected': {
    'zh-CN': '任务不存在或回调令牌不正确',
    'en-US': 'Unknown task or wrong hook token',
    'zh-TW': '任務不存在或回呼權杖不正確',
  },
  'upstream.seedUnavailable': {
    'zh-CN': '暂时无法从 Midjourney 读取种子（{detail}），请稍后再试',
    'en-US': 'The seed cannot be read from Midjourney right now ({detail}). Try again later.',
    'zh-TW': '暫時無法從 Midjourney 讀取種子（{detail}），請稍後再試',
  },
  'upstream.seedNotOffered': {
    'zh-CN': '当前的 Midjourney 服务不提供读取种子',
    'en-US': 'This Midjourney service does not offer reading the seed',
    'zh-TW': '目前的 Midjourney 服務不提供讀取種子',
  },
  'upstream.seedNotFound': {
    'zh-CN': 'Midjourney 已不认识该任务，无法读取它的种子',
    'en-US': 'Midjourney no longer knows this task, so its seed cannot be read',
    'zh-TW': 'Midjourney 已不認得該任務，無法讀取它的種子',
  },
} as const satisfies Record<string, Catalogue>;

export type UpstreamMessageKey = keyof typeof upstreamMessages;
