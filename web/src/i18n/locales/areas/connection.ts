/**
 * Strings of the connection banner, presence, pending messages and the "waiting for the
 * connection" note, in every language. zh-CN is the reference: the other two are typed against
 * it, and locales.test.ts checks every key in every locale.
 */
const zhCN = {
  connection: {
    connecting: '正在连接服务器…',
    reconnecting: '连接已断开，正在重新连接…',
    offline: '无法连接到服务器，会继续自动重试。',
    refused: '此页面版本过旧，实时更新已停止，请刷新页面。',
    reconnected: '已重新连接',
    reconnectNow: '立即重连',
    reload: '刷新页面',
    presence: {
      online: '在线',
      connecting: '连接中',
      offline: '离线',
    },
    taskWaiting: '等待连接恢复，进度会在重新连接后更新',
    message: {
      sending: '发送中…',
      failed: '消息未能发送。',
      retry: '重试',
      delete: '删除',
    },
  },
};

const enUS: typeof zhCN = {
  connection: {
    connecting: 'Connecting to the server…',
    reconnecting: 'Connection lost. Reconnecting…',
    offline: 'Can’t reach the server. We’ll keep trying.',
    refused: 'This page is out of date and live updates have stopped. Reload the page.',
    reconnected: 'Reconnected',
    reconnectNow: 'Reconnect now',
    reload: 'Reload page',
    presence: {
      online: 'Online',
      connecting: 'Connecting',
      offline: 'Offline',
    },
    taskWaiting: 'Waiting for the connection; progress updates once it is back',
    message: {
      sending: 'Sending…',
      failed: 'Message could not be sent.',
      retry: 'Retry',
      delete: 'Delete',
    },
  },
};

const zhTW: typeof zhCN = {
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

export const connectionLocale = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };
