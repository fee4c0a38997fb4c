/**
 * Strings of the connection banner, presence, pending messages and the "waiting for the
 * connection" note, in zh-CN (en-US and zh-TW in their own modules). zh-CN is the reference: the other two are typed against
 * it, and locales.test.ts checks every key in every locale.
 */
export const zhCN = {
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
