import type { Catalogue } from '../i18n/catalogue';

/**
 * What users read when an engine service we call (the OpenAI Images API or a compatible server)
 * refuses, fails or cannot be reached. Worded for any engine: the task card says which one drew.
 */
export const engineServiceMessages = {
  'engine.unavailable': {
    'zh-CN': '绘图引擎暂时不可用（{detail}），请稍后再试；积分已退还。',
    'en-US':
      'The drawing engine is unavailable right now ({detail}). Try again later; your credits were refunded.',
    'zh-TW': '繪圖引擎暫時無法使用（{detail}），請稍後再試；點數已退還。',
  },
  'engine.unauthorized': {
    'zh-CN': '绘图引擎拒绝了本站的密钥，请联系站点管理员；积分已退还。',
    'en-US':
      "The drawing engine refused this site's key. Please tell the site admin; your credits were refunded.",
    'zh-TW': '繪圖引擎拒絕了本站的金鑰，請聯絡站點管理員；點數已退還。',
  },
  'engine.quota': {
    'zh-CN': '本站在绘图引擎的额度已用完，请联系站点管理员；积分已退还。',
    'en-US':
      "This site's account at the drawing engine has no quota left. Please tell the site admin; your credits were refunded.",
    'zh-TW': '本站在繪圖引擎的額度已用完，請聯絡站點管理員；點數已退還。',
  },
  'engine.rateLimited': {
    'zh-CN': '绘图引擎当前请求过多，重试后仍被限流，请稍后再试；积分已退还。',
    'en-US':
      'The drawing engine is taking too many requests and still said no after waiting. Try again later; your credits were refunded.',
    'zh-TW': '繪圖引擎目前請求過多，重試後仍被限流，請稍後再試；點數已退還。',
  },
  'engine.refusedBySafety': {
    'zh-CN': '绘图引擎的安全系统拒绝了该提示词或图片，请修改后再试；积分已退还。',
    'en-US':
      "The drawing engine's safety system refused the prompt or an image. Change it and try again; your credits were refunded.",
    'zh-TW': '繪圖引擎的安全系統拒絕了該提示詞或圖片，請修改後再試；點數已退還。',
  },
  'engine.refused': {
    'zh-CN': '绘图引擎拒绝了该请求：{detail}。积分已退还。',
    'en-US': 'The drawing engine refused this: {detail}. Your credits were refunded.',
    'zh-TW': '繪圖引擎拒絕了該請求：{detail}。點數已退還。',
  },
  'engine.badAnswer': {
    'zh-CN': '绘图引擎返回了无法使用的应答（{detail}），积分已退还。',
    'en-US': 'The drawing engine gave an answer we cannot use ({detail}). Your credits were refunded.',
    'zh-TW': '繪圖引擎傳回了無法使用的回應（{detail}），點數已退還。',
  },
  'engine.notOffered': {
    'zh-CN': '绘图引擎 {engine} 不提供 {feature}，未扣积分。',
    'en-US': 'The drawing engine {engine} does not offer {feature}; nothing was charged.',
    'zh-TW': '繪圖引擎 {engine} 不提供 {feature}，未扣點數。',
  },
  'engine.notEnabled': {
    'zh-CN': '本站未启用绘图引擎 {engine}（已启用：{enabled}）。',
    'en-US': 'The drawing engine {engine} is not enabled on this site (enabled: {enabled}).',
    'zh-TW': '本站未啟用繪圖引擎 {engine}（已啟用：{enabled}）。',
  },
} as const satisfies Record<string, Catalogue>;

export type EngineServiceMessageKey = keyof typeof engineServiceMessages;
