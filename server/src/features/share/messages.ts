import type { Catalogue } from '../../i18n/catalogue';

/** What the share routes answer with when they refuse. */
export const shareMessages = {
  // One message for "no such result" and "not one that can be shared": the asker learns nothing more.
  'share.notFound': {
    'zh-CN': '找不到这张图片',
    'en-US': 'That image could not be found',
    'zh-TW': '找不到這張圖片',
  },
  'share.authorOnly': {
    'zh-CN': '只有作者可以分享这张图片（频道创建者可允许成员分享）',
    'en-US': 'Only its author can share this image (the channel’s creator can let members share)',
    'zh-TW': '只有作者可以分享這張圖片（頻道建立者可允許成員分享）',
  },
  'share.hidden': {
    'zh-CN': '这张图片已被管理员隐藏，无法分享',
    'en-US': 'An admin hid this image; it cannot be shared',
    'zh-TW': '這張圖片已被管理員隱藏，無法分享',
  },
} as const satisfies Record<string, Catalogue>;

/** The public page's own words, in each language (chosen by Accept-Language). */
export const sharePageText = {
  'zh-CN': {
    title: '{name} 的作品',
    by: '作者',
    prompt: '提示词',
    imageAlt: '{name} 生成的图片',
    notFound: '这个分享链接不存在或已被停止',
    notFoundTitle: '链接已失效',
    madeWith: '用 {site} 创作',
  },
  'en-US': {
    title: 'An image by {name}',
    by: 'By',
    prompt: 'Prompt',
    imageAlt: 'Image made by {name}',
    notFound: 'This shared link does not exist or was stopped',
    notFoundTitle: 'Link no longer works',
    madeWith: 'Made with {site}',
  },
  'zh-TW': {
    title: '{name} 的作品',
    by: '作者',
    prompt: '提示詞',
    imageAlt: '{name} 生成的圖片',
    notFound: '這個分享連結不存在或已被停止',
    notFoundTitle: '連結已失效',
    madeWith: '用 {site} 創作',
  },
} as const;
