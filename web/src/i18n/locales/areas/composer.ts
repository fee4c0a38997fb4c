/**
 * Strings of the composer area, in every language. zh-CN is the reference: the other two are typed
 * against it, and locales.test.ts checks every key in every locale.
 */
const zhCN = {
  composer: { label: '输入框' },
};

const enUS: typeof zhCN = {
  composer: { label: 'Message composer' },
};

const zhTW: typeof zhCN = {
  composer: { label: '輸入框' },
};

export const composerLocale = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };
