import type { Catalogue } from '../../i18n/catalogue';

/** What the chat's replies, edits and reactions answer with when they refuse. */
export const chatMessages = {
  'message.replyNotFound': {
    'zh-CN': '要回复的消息不存在或不在这个频道',
    'en-US': 'The message you are replying to is not in this channel (or was deleted)',
    'zh-TW': '要回覆的訊息不存在或不在這個頻道',
  },
  'message.editNotYours': {
    'zh-CN': '只能编辑自己的消息',
    'en-US': 'You can only edit your own messages',
    'zh-TW': '只能編輯自己的訊息',
  },
  'message.taskNotEditable': {
    'zh-CN': '任务卡片不能编辑',
    'en-US': 'A task’s card cannot be edited',
    'zh-TW': '任務卡片不能編輯',
  },
  'message.badEmoji': {
    'zh-CN': '回应只能是一个表情符号',
    'en-US': 'A reaction must be a single emoji',
    'zh-TW': '回應只能是一個表情符號',
  },
  'message.tooManyReactions': {
    'zh-CN': '一条消息最多 {max} 种表情回应',
    'en-US': 'A message can carry at most {max} different reactions',
    'zh-TW': '一則訊息最多 {max} 種表情回應',
  },
} as const satisfies Record<string, Catalogue>;
