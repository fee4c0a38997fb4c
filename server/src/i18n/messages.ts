import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@draw/shared';

type Catalogue = Record<Language, string>;

/**
 * Every message the server can answer with, in every language the product offers. `{name}`
 * placeholders are filled from the error's params. Add new keys here; the type keeps them complete.
 */
export const messages = {
  'error.validation': {
    'zh-CN': '请求参数不正确：{detail}',
    'en-US': 'Invalid request: {detail}',
    'zh-TW': '請求參數不正確：{detail}',
  },
  'error.routeNotFound': {
    'zh-CN': '接口不存在：{method} {url}',
    'en-US': 'No such endpoint: {method} {url}',
    'zh-TW': '介面不存在：{method} {url}',
  },
  'error.internal': {
    'zh-CN': '服务器开小差了，请稍后重试',
    'en-US': 'Something went wrong on our side. Please try again.',
    'zh-TW': '伺服器發生錯誤，請稍後重試',
  },
  'error.payloadTooLarge': {
    'zh-CN': '请求内容过大',
    'en-US': 'The request is too large',
    'zh-TW': '請求內容過大',
  },
  'error.rateLimited': {
    'zh-CN': '操作太频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many attempts. Try again in {seconds} s.',
    'zh-TW': '操作太頻繁，請 {seconds} 秒後再試',
  },
  'error.duplicate': {
    'zh-CN': '已存在相同的记录',
    'en-US': 'That already exists',
    'zh-TW': '已存在相同的記錄',
  },
  'error.invalidDocument': {
    'zh-CN': '数据不符合要求：{detail}',
    'en-US': 'The data is not valid: {detail}',
    'zh-TW': '資料不符合要求：{detail}',
  },
  'auth.required': {
    'zh-CN': '请先登录',
    'en-US': 'Please sign in first',
    'zh-TW': '請先登入',
  },
  'auth.badPhone': {
    'zh-CN': '请输入正确的手机号',
    'en-US': 'Enter a valid phone number',
    'zh-TW': '請輸入正確的手機號碼',
  },
  'auth.badAccount': {
    'zh-CN': '请输入正确的手机号或邮箱',
    'en-US': 'Enter a valid phone number or email address',
    'zh-TW': '請輸入正確的手機號碼或電子郵件',
  },
  'auth.passwordRequired': {
    'zh-CN': '请输入密码',
    'en-US': 'Enter your password',
    'zh-TW': '請輸入密碼',
  },
  'auth.codeRequired': {
    'zh-CN': '请输入验证码',
    'en-US': 'Enter the verification code',
    'zh-TW': '請輸入驗證碼',
  },
  'auth.wrongPassword': {
    'zh-CN': '账号或密码错误',
    'en-US': 'Wrong account or password',
    'zh-TW': '帳號或密碼錯誤',
  },
  'auth.codeWrong': {
    'zh-CN': '验证码错误',
    'en-US': 'The verification code is wrong',
    'zh-TW': '驗證碼錯誤',
  },
  'auth.codeExpired': {
    'zh-CN': '验证码已过期，请重新获取',
    'en-US': 'The verification code has expired. Ask for a new one.',
    'zh-TW': '驗證碼已過期，請重新取得',
  },
  'auth.codeUsed': {
    'zh-CN': '验证码已使用，请重新获取',
    'en-US': 'That verification code was already used. Ask for a new one.',
    'zh-TW': '驗證碼已使用，請重新取得',
  },
  'auth.codeTooManyAttempts': {
    'zh-CN': '验证码错误次数过多，请重新获取',
    'en-US': 'Too many wrong codes. Ask for a new one.',
    'zh-TW': '驗證碼錯誤次數過多，請重新取得',
  },
  'auth.codeTooSoon': {
    'zh-CN': '验证码已发送，请 {seconds} 秒后再试',
    'en-US': 'A code was just sent. Try again in {seconds} s.',
    'zh-TW': '驗證碼已發送，請 {seconds} 秒後再試',
  },
  'auth.noSuchAccount': {
    'zh-CN': '该手机号尚未注册',
    'en-US': 'No account uses this phone number',
    'zh-TW': '此手機號碼尚未註冊',
  },
  'auth.badName': {
    'zh-CN': '名称需为 1-{max} 个字符',
    'en-US': 'The name must be 1–{max} characters',
    'zh-TW': '名稱需為 1-{max} 個字元',
  },
  'auth.badAvatar': {
    'zh-CN': '头像需为已上传的图片',
    'en-US': 'The avatar must be an uploaded image',
    'zh-TW': '頭像需為已上傳的圖片',
  },
  'upload.tooLarge': {
    'zh-CN': '图片大小不能超过 1M',
    'en-US': 'Each image must be 1 MB or smaller',
    'zh-TW': '圖片大小不能超過 1M',
  },
  'upload.badType': {
    'zh-CN': '只能上传 jpg/gif/png/jpeg 格式的图片',
    'en-US': 'Only jpg, gif, png and jpeg images can be uploaded',
    'zh-TW': '只能上傳 jpg/gif/png/jpeg 格式的圖片',
  },
  'upload.tooMany': {
    'zh-CN': '最多上传 {max} 张图片',
    'en-US': 'Upload at most {max} images',
    'zh-TW': '最多上傳 {max} 張圖片',
  },
  'upload.none': {
    'zh-CN': '请选择要上传的图片',
    'en-US': 'Choose an image to upload',
    'zh-TW': '請選擇要上傳的圖片',
  },
  'upload.notMultipart': {
    'zh-CN': '上传需使用 multipart/form-data',
    'en-US': 'Uploads must be sent as multipart/form-data',
    'zh-TW': '上傳需使用 multipart/form-data',
  },
  'upload.notFound': {
    'zh-CN': '图片不存在或无权使用',
    'en-US': 'That image does not exist or is not yours to use',
    'zh-TW': '圖片不存在或無權使用',
  },
  'socket.badRequest': {
    'zh-CN': '订阅请求格式不正确',
    'en-US': 'The subscribe request is malformed',
    'zh-TW': '訂閱請求格式不正確',
  },
  'channel.notMember': {
    'zh-CN': '你不是该频道的成员',
    'en-US': 'You are not a member of this channel',
    'zh-TW': '你不是該頻道的成員',
  },
  'channel.notFound': {
    'zh-CN': '频道不存在或已被删除',
    'en-US': 'This channel does not exist or was deleted',
    'zh-TW': '頻道不存在或已被刪除',
  },
  'channel.creatorOnly': {
    'zh-CN': '只有频道创建者可以这样做',
    'en-US': 'Only the channel creator can do that',
    'zh-TW': '只有頻道建立者可以這樣做',
  },
  'channel.creatorCannotQuit': {
    'zh-CN': '创建者不能退出频道，只能删除频道',
    'en-US': 'The creator cannot quit the channel; delete it instead',
    'zh-TW': '建立者不能退出頻道，只能刪除頻道',
  },
  'channel.cannotRemoveCreator': {
    'zh-CN': '不能移除频道创建者',
    'en-US': 'The channel creator cannot be removed',
    'zh-TW': '不能移除頻道建立者',
  },
  'channel.noSuchMember': {
    'zh-CN': '该用户不是频道成员',
    'en-US': 'That user is not a member of this channel',
    'zh-TW': '該使用者不是頻道成員',
  },
  'channel.badTitle': {
    'zh-CN': '频道名称需为 1-{max} 个字符，且不能包含控制字符',
    'en-US': 'The channel name must be 1–{max} characters, without control characters',
    'zh-TW': '頻道名稱需為 1-{max} 個字元，且不能包含控制字元',
  },
  'channel.muted': {
    'zh-CN': '该频道已开启全员禁言，只有管理员可以发言',
    'en-US': 'This channel is muted: only admins can post',
    'zh-TW': '該頻道已開啟全員禁言，只有管理員可以發言',
  },
  'invite.unknown': {
    'zh-CN': '邀请链接无效',
    'en-US': 'This invite link is not valid',
    'zh-TW': '邀請連結無效',
  },
  'invite.expired': {
    'zh-CN': '邀请链接已过期或已失效',
    'en-US': 'This invite link has expired or was replaced',
    'zh-TW': '邀請連結已過期或已失效',
  },
  'invite.neverExpires': {
    'zh-CN': '该链接永不过期',
    'en-US': 'This link never expires',
    'zh-TW': '該連結永不過期',
  },
  'invite.expiresAt': {
    'zh-CN': '该链接将于 {time} 过期',
    'en-US': 'This link expires on {time}',
    'zh-TW': '該連結將於 {time} 過期',
  },
} as const satisfies Record<string, Catalogue>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/** Picks the first supported language from an Accept-Language header, else the default. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    if (tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  const template: string = messages[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
