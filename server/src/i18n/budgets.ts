import type { Catalogue } from './catalogue';

/**
 * What a person hears when they reach one of their budgets (`Limits` in @draw/shared, and the
 * sockets per user in `realtime/limits.ts`): what the cap is, and what to do about it.
 */
export const budgetMessages = {
  'channel.tooManyOwned': {
    'zh-CN': '你已创建 {max} 个频道，已达上限；删除一个频道后才能再创建',
    'en-US': 'You have created {max} channels, the most one person may have; delete one to create another',
    'zh-TW': '你已建立 {max} 個頻道，已達上限；刪除一個頻道後才能再建立',
  },
  'channel.tooManyJoined': {
    'zh-CN': '你已加入 {max} 个频道，已达上限；退出一个频道后才能再加入或创建',
    'en-US': 'You are in {max} channels, the most one person may be in; leave one to join or create another',
    'zh-TW': '你已加入 {max} 個頻道，已達上限；退出一個頻道後才能再加入或建立',
  },
  'upload.dailyQuota': {
    'zh-CN': '24 小时内最多上传 {max} MB 图片，已达上限，请稍后再试',
    'en-US': 'You can upload up to {max} MB of images in 24 hours and have reached it; try again later',
    'zh-TW': '24 小時內最多上傳 {max} MB 圖片，已達上限，請稍後再試',
  },
  'socket.tooMany': {
    'zh-CN': '同时打开的实时连接过多（最多 {max} 个），请关闭一些标签页',
    'en-US': 'Too many live connections open at once (at most {max}); close some tabs',
    'zh-TW': '同時開啟的即時連線過多（最多 {max} 個），請關閉一些分頁',
  },
} as const satisfies Record<string, Catalogue>;
