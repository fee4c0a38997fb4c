import type { zhCN } from './unread';

/** zh-TW strings of this area; typed against zh-CN (./unread.ts), in their own module so only the active language is bundled. */
export const zhTW: typeof zhCN = {
  unread: {
    messages: '則未讀訊息',
    toggle: '{{label}}，有 {{count}} 則未讀訊息',
    pageTitle: '({{count}}) #{{channel}} - {{app}}',
    pageTitleRead: '#{{channel}} - {{app}}',
  },
};
