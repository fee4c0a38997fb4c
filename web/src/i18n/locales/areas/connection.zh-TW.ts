import type { zhCN } from './connection';

/** zh-TW strings of this area; typed against zh-CN (./connection.ts), in their own module so only the active language is bundled. */
export const zhTW: typeof zhCN = {
  connection: {
    connecting: '正在連線到伺服器…',
    reconnecting: '連線已中斷，正在重新連線…',
    offline: '無法連線到伺服器，會繼續自動重試。',
    refused: '此頁面版本過舊，即時更新已停止，請重新整理頁面。',
    reconnected: '已重新連線',
    reconnectNow: '立即重新連線',
    reload: '重新整理頁面',
    presence: {
      online: '線上',
      connecting: '連線中',
      offline: '離線',
    },
    taskWaiting: '等待連線恢復，進度會在重新連線後更新',
    message: {
      sending: '傳送中…',
      failed: '訊息未能傳送。',
      retry: '重試',
      delete: '刪除',
    },
  },
};
