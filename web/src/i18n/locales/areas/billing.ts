/**
 * Strings of the billing area, in every language. zh-CN is the reference: the other two are typed
 * against it, and locales.test.ts checks every key in every locale.
 */
const zhCN = {
  billing: { label: '订阅与积分' },
};

const enUS: typeof zhCN = {
  billing: { label: 'Plans and credits' },
};

const zhTW: typeof zhCN = {
  billing: { label: '訂閱與積分' },
};

export const billingLocale = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };
