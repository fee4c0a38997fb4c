import type { Catalogue } from '../../i18n/catalogue';

/**
 * What users read when a ComfyUI server says no, fails or cannot be reached (the `comfyui.*`
 * failure codes; the web words the same codes from its locale files). `detail` is ComfyUI's own
 * words or ours about the connection, never its address.
 */
export const comfyuiMessages = {
  'comfyui.down': {
    'zh-CN': 'ComfyUI 绘图服务暂时无法连接（{detail}），请稍后再试；积分已退还。',
    'en-US':
      'The ComfyUI drawing service cannot be reached ({detail}). Try again later; your credits were refunded.',
    'zh-TW': 'ComfyUI 繪圖服務暫時無法連線（{detail}），請稍後再試；點數已退還。',
  },
  'comfyui.lost': {
    'zh-CN': '绘图过程中与 ComfyUI 失去联系（{detail}），积分已退还。',
    'en-US': 'Lost contact with ComfyUI while drawing ({detail}). Your credits were refunded.',
    'zh-TW': '繪圖過程中與 ComfyUI 失去聯繫（{detail}），點數已退還。',
  },
  'comfyui.unauthorized': {
    'zh-CN': 'ComfyUI 拒绝了本站的登录凭据，请联系站点管理员；积分已退还。',
    'en-US':
      "ComfyUI refused this site's credentials. Please tell the site admin; your credits were refunded.",
    'zh-TW': 'ComfyUI 拒絕了本站的登入憑證，請聯絡站點管理員；點數已退還。',
  },
  'comfyui.badWorkflow': {
    'zh-CN': 'ComfyUI 拒绝了工作流（{detail}）：缺少模型或节点，请联系站点管理员；积分已退还。',
    'en-US':
      'ComfyUI refused the workflow ({detail}): a model or node is missing. Please tell the site admin; your credits were refunded.',
    'zh-TW': 'ComfyUI 拒絕了工作流程（{detail}）：缺少模型或節點，請聯絡站點管理員；點數已退還。',
  },
  'comfyui.outOfMemory': {
    'zh-CN': 'ComfyUI 显存不足，未能画完这张图；请稍后再试或换一个较小的尺寸。积分已退还。',
    'en-US':
      'ComfyUI ran out of GPU memory drawing this. Try again later or with a smaller size; your credits were refunded.',
    'zh-TW': 'ComfyUI 顯示記憶體不足，未能畫完這張圖；請稍後再試或換一個較小的尺寸。點數已退還。',
  },
  'comfyui.failed': {
    'zh-CN': 'ComfyUI 在节点 {node} 出错：{detail}。积分已退还。',
    'en-US': 'ComfyUI failed at node {node}: {detail}. Your credits were refunded.',
    'zh-TW': 'ComfyUI 在節點 {node} 出錯：{detail}。點數已退還。',
  },
  'comfyui.interrupted': {
    'zh-CN': '任务在 ComfyUI 端被中断，积分已退还。',
    'en-US': 'The task was interrupted at ComfyUI. Your credits were refunded.',
    'zh-TW': '任務在 ComfyUI 端被中斷，點數已退還。',
  },
  'comfyui.forgotten': {
    'zh-CN': 'ComfyUI 已不认识该任务（可能已重启），积分已退还。',
    'en-US': 'ComfyUI no longer knows this task (it was probably restarted). Your credits were refunded.',
    'zh-TW': 'ComfyUI 已不認得該任務（可能已重新啟動），點數已退還。',
  },
  'comfyui.noImage': {
    'zh-CN': 'ComfyUI 报告任务完成，但没有保存图片。积分已退还。',
    'en-US': 'ComfyUI reported the task finished but saved no image. Your credits were refunded.',
    'zh-TW': 'ComfyUI 回報任務完成，但沒有儲存圖片。點數已退還。',
  },
  'comfyui.imageCopy': {
    'zh-CN': '无法从 ComfyUI 取回图片（{detail}），积分已退还。',
    'en-US': 'The image could not be copied from ComfyUI ({detail}). Your credits were refunded.',
    'zh-TW': '無法從 ComfyUI 取回圖片（{detail}），點數已退還。',
  },
} as const satisfies Record<string, Catalogue>;
