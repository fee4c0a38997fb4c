/**
 * Strings of the feed area, in every language. zh-CN is the reference: the other two are typed
 * against it, and locales.test.ts checks every key in every locale.
 */
const zhCN = {
  feed: { label: '消息' },
};

const enUS: typeof zhCN = {
  feed: { label: 'Messages' },
};

const zhTW: typeof zhCN = {
  feed: { label: '訊息' },
};

export const feedLocale = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };
