import type { Catalogue } from '../../i18n/catalogue';

/** Messages of signing in by email and of phone numbers abroad (spread into `messages`). */
export const authMessages = {
  'auth.badEmail': {
    'zh-CN': '请输入正确的邮箱地址',
    'en-US': 'Enter a valid email address',
    'zh-TW': '請輸入正確的電子郵件地址',
  },
  'auth.phoneOrEmailRequired': {
    'zh-CN': '请输入手机号或邮箱（二选一）',
    'en-US': 'Give a phone number or an email address (one of them)',
    'zh-TW': '請輸入手機號碼或電子郵件（擇一）',
  },
  'auth.mailFailed': {
    'zh-CN': '邮件发送失败，请稍后重试或改用手机号',
    'en-US': 'The email could not be sent. Please try again, or use a phone number.',
    'zh-TW': '郵件發送失敗，請稍後重試或改用手機號碼',
  },
  'auth.mailSubject': {
    'zh-CN': '{site} 登录验证码：{code}',
    'en-US': 'Your {site} sign-in code: {code}',
    'zh-TW': '{site} 登入驗證碼：{code}',
  },
  'auth.mailBody': {
    'zh-CN':
      '你的 {site} 验证码是 {code}，{minutes} 分钟内有效。\n\n用它登录；如果这个邮箱还没有账号，会为你新建一个。\n如果不是你本人操作，请忽略这封邮件，不会有任何变化。',
    'en-US':
      'Your {site} code is {code}. It works for {minutes} minutes.\n\nUse it to sign in; if this email address has no account yet, one is created for you.\nIf you did not ask for it, ignore this email: nothing changes.',
    'zh-TW':
      '你的 {site} 驗證碼是 {code}，{minutes} 分鐘內有效。\n\n用它登入；如果這個電子郵件還沒有帳號，會為你建立一個。\n如果不是你本人操作，請忽略這封郵件，不會有任何變化。',
  },
} as const satisfies Record<string, Catalogue>;
