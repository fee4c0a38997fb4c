import type { zhCN } from './unread';

/** en-US strings of this area; typed against zh-CN (./unread.ts), in their own module so only the active language is bundled. */
export const enUS: typeof zhCN = {
  unread: {
    messages: 'unread messages',
    toggle: '{{label}}, {{count}} unread messages',
    pageTitle: '({{count}}) #{{channel}} - {{app}}',
    pageTitleRead: '#{{channel}} - {{app}}',
  },
};
