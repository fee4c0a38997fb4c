import type { Catalogue } from '../../i18n/catalogue';

/** Messages of moderation and the operator's console (spread into `messages`). */
export const moderationMessages = {
  'moderation.bannedWord': {
    'zh-CN': '提示词包含违禁词「{word}」',
    'en-US': 'The prompt contains the banned word “{word}”',
    'zh-TW': '提示詞包含違禁詞「{word}」',
  },
  'moderation.bannedWordPaused': {
    'zh-CN': '提示词包含违禁词「{word}」。多次触发违禁词，你的提交已暂停 {minutes} 分钟',
    'en-US':
      'The prompt contains the banned word “{word}”. After repeated hits your submits are paused for {minutes} min',
    'zh-TW': '提示詞包含違禁詞「{word}」。多次觸發違禁詞，你的提交已暫停 {minutes} 分鐘',
  },
  'moderation.bannedWordChat': {
    'zh-CN': '消息包含违禁词「{word}」',
    'en-US': 'The message contains the banned word “{word}”',
    'zh-TW': '訊息包含違禁詞「{word}」',
  },
  'moderation.paused': {
    'zh-CN': '多次触发违禁词，你的提交已暂停，还剩 {minutes} 分钟',
    'en-US': 'After repeated banned words your submits are paused: {minutes} min left',
    'zh-TW': '多次觸發違禁詞，你的提交已暫停，還剩 {minutes} 分鐘',
  },
  'moderation.wordEmpty': {
    'zh-CN': '违禁词不能只有空格或标点',
    'en-US': 'A banned word needs letters or digits, not only spaces or punctuation',
    'zh-TW': '違禁詞不能只有空格或標點',
  },
  'moderation.wordExists': {
    'zh-CN': '「{word}」已在违禁词列表中',
    'en-US': '“{word}” is already on the list',
    'zh-TW': '「{word}」已在違禁詞列表中',
  },
  'moderation.wordNotFound': {
    'zh-CN': '该违禁词不存在',
    'en-US': 'No such banned word',
    'zh-TW': '該違禁詞不存在',
  },
  'moderation.tooManyWords': {
    'zh-CN': '违禁词最多 {max} 个',
    'en-US': 'The list holds at most {max} words',
    'zh-TW': '違禁詞最多 {max} 個',
  },
  'moderation.reportNotFound': {
    'zh-CN': '该举报不存在',
    'en-US': 'No such report',
    'zh-TW': '該檢舉不存在',
  },
  'auth.disabled': {
    'zh-CN': '账号已被停用：{reason}',
    'en-US': 'This account is disabled: {reason}',
    'zh-TW': '帳號已被停用：{reason}',
  },
  'admin.userNotFound': {
    'zh-CN': '用户不存在',
    'en-US': 'No such user',
    'zh-TW': '使用者不存在',
  },
  'admin.notSelf': {
    'zh-CN': '不能对自己的账号这样做',
    'en-US': 'You cannot do that to your own account',
    'zh-TW': '不能對自己的帳號這樣做',
  },
  'admin.zeroDelta': {
    'zh-CN': '调整数量不能为 0',
    'en-US': 'The adjustment cannot be 0',
    'zh-TW': '調整數量不能為 0',
  },
  'admin.belowZero': {
    'zh-CN': '余额只有 {balance} 积分，不能扣除 {delta}',
    'en-US': 'The balance is only {balance}: {delta} cannot be taken',
    'zh-TW': '餘額只有 {balance} 積分，不能扣除 {delta}',
  },
  'admin.taskNotFound': {
    'zh-CN': '任务不存在',
    'en-US': 'No such task',
    'zh-TW': '任務不存在',
  },
  'admin.taskFinished': {
    'zh-CN': '任务已结束',
    'en-US': 'The task has already ended',
    'zh-TW': '任務已結束',
  },
  'admin.channelNotFound': {
    'zh-CN': '频道不存在',
    'en-US': 'No such channel',
    'zh-TW': '頻道不存在',
  },
  'admin.productExists': {
    'zh-CN': '套餐 {id} 已存在',
    'en-US': 'Product {id} already exists',
    'zh-TW': '方案 {id} 已存在',
  },
  'admin.badCursor': {
    'zh-CN': '分页参数不正确',
    'en-US': 'That page cursor is not valid',
    'zh-TW': '分頁參數不正確',
  },
} as const satisfies Record<string, Catalogue>;
