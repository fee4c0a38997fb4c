import type { Catalogue } from '../../i18n/catalogue';

/** What the archive routes answer with when they refuse. */
export const archiveMessages = {
  // One message for "no such image" and "not yours to see": the asker learns nothing either way.
  'archive.notFound': {
    'zh-CN': '找不到这张图片',
    'en-US': 'That image could not be found',
    'zh-TW': '找不到這張圖片',
  },
  'archive.badCursor': {
    'zh-CN': '翻页位置无效，请从头重新加载图库',
    'en-US': 'That page position is not valid; reload the archive from the start',
    'zh-TW': '翻頁位置無效，請從頭重新載入圖庫',
  },
  'archive.badRange': {
    'zh-CN': '日期范围无效：开始时间晚于结束时间',
    'en-US': 'Invalid date range: the start is after the end',
    'zh-TW': '日期範圍無效：開始時間晚於結束時間',
  },
} as const satisfies Record<string, Catalogue>;
