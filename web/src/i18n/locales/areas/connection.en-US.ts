import type { zhCN } from './connection';

/** en-US strings of this area; typed against zh-CN (./connection.ts), in their own module so only the active language is bundled. */
export const enUS: typeof zhCN = {
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
