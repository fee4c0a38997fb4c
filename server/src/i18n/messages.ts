import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@draw/shared';
import { authMessages } from '../features/auth/messages';
import { billingMessages } from '../features/billing/messages';
import { upstreamMessages } from '../features/upstream/messages';
import { archiveMessages } from '../features/archive/messages';
import { engineServiceMessages } from '../engines/messages';
import { comfyuiMessages } from '../engines/comfyui/messages';
import { budgetMessages } from './budgets';
import { moderationMessages } from '../features/moderation/messages';
import type { Catalogue } from './catalogue';

export type { Catalogue } from './catalogue';

/**
 * Every message the server can answer with, in every language the product offers. `{name}`
 * placeholders are filled from the error's params. Add new keys here; the type keeps them complete.
 */
const coreMessages = {
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
  'error.tooDeep': {
    'zh-CN': '请求内容嵌套过深（最多 {max} 层）',
    'en-US': 'The request body nests too deeply (at most {max} levels)',
    'zh-TW': '請求內容巢狀過深（最多 {max} 層）',
  },
  'error.tooManyAtOnce': {
    'zh-CN': '同时进行的请求过多（最多 {max} 个），请等前面的完成',
    'en-US': 'Too many of these at once (at most {max}). Wait for the others to finish.',
    'zh-TW': '同時進行的請求過多（最多 {max} 個），請等前面的完成',
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
  'auth.smsFailed': {
    'zh-CN': '短信发送失败，请稍后重试',
    'en-US': 'The text message could not be sent. Please try again.',
    'zh-TW': '簡訊發送失敗，請稍後重試',
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
  'upload.tooManyPixels': {
    'zh-CN': '图片不能超过 {max} 百万像素',
    'en-US': 'Each image must be {max} megapixels or smaller',
    'zh-TW': '圖片不能超過 {max} 百萬像素',
  },
  'upload.badType': {
    'zh-CN': '只能上传 jpg/gif/png/jpeg/webp 格式的图片',
    'en-US': 'Only jpg, gif, png, jpeg and webp images can be uploaded',
    'zh-TW': '只能上傳 jpg/gif/png/jpeg/webp 格式的圖片',
  },
  'upload.damaged': {
    'zh-CN': '图片已损坏，无法读取，请换一张图片',
    'en-US': 'The image is damaged and cannot be read. Try another image',
    'zh-TW': '圖片已損壞，無法讀取，請換一張圖片',
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
  'channel.banned': {
    'zh-CN': '你已被该频道的创建者封禁，在解除封禁之前无法通过任何邀请链接加入',
    'en-US': 'You are banned from this channel: no invite link lets you join until its creator lifts the ban',
    'zh-TW': '你已被該頻道的建立者停權，在解除停權之前無法透過任何邀請連結加入',
  },
  'channel.cannotBanCreator': {
    'zh-CN': '不能封禁频道创建者',
    'en-US': 'The channel creator cannot be banned',
    'zh-TW': '不能將頻道建立者停權',
  },
  'channel.noSuchUser': {
    'zh-CN': '该用户不存在',
    'en-US': 'That user does not exist',
    'zh-TW': '該使用者不存在',
  },
  'channel.notBanned': {
    'zh-CN': '该用户没有被封禁',
    'en-US': 'That user is not banned from this channel',
    'zh-TW': '該使用者未被停權',
  },
  'channel.badBanReason': {
    'zh-CN': '封禁原因最多 {max} 个字符，且不能包含控制字符',
    'en-US': 'The ban reason must be at most {max} characters, without control characters',
    'zh-TW': '停權原因最多 {max} 個字元，且不能包含控制字元',
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
  'task.badPrompt': {
    'zh-CN': '提示词需为 1-{max} 个字符',
    'en-US': 'The prompt must be 1–{max} characters',
    'zh-TW': '提示詞需為 1-{max} 個字元',
  },
  'task.badReferenceWeight': {
    'zh-CN': '{kind}的权重 --{param} 需在 {min} 到 {max} 之间',
    'en-US': 'The {kind} weight --{param} must be between {min} and {max}',
    'zh-TW': '{kind}的權重 --{param} 需在 {min} 到 {max} 之間',
  },
  'task.referenceNotForVersion': {
    'zh-CN': '当前版本（V{version}）不支持 --{param}：V6 用角色参考 --cref，V7 用全能参考 --oref',
    'en-US':
      'This version (V{version}) does not take --{param}: V6 takes character references (--cref), V7 omni references (--oref)',
    'zh-TW': '目前版本（V{version}）不支援 --{param}：V6 用角色參考 --cref，V7 用全能參考 --oref',
  },
  'task.referencesNeedPublicUrl': {
    'zh-CN':
      '风格参考和角色/全能参考要以公网链接发给 Midjourney，但本站的 PUBLIC_URL 为空或是本地地址。请联系管理员设置可公开访问的 PUBLIC_URL，或把图片作为垫图使用。',
    'en-US':
      "Style and character/omni references reach Midjourney as public links, but this server's PUBLIC_URL is empty or local. Ask the operator to set a publicly reachable PUBLIC_URL, or use the images as image prompts.",
    'zh-TW':
      '風格參考和角色/全能參考要以公網連結傳給 Midjourney，但本站的 PUBLIC_URL 為空或是本機位址。請聯絡管理員設定可公開存取的 PUBLIC_URL，或把圖片作為墊圖使用。',
  },
  'task.tooManyImages': {
    'zh-CN': '最多上传 {max} 张垫图',
    'en-US': 'Use at most {max} reference images',
    'zh-TW': '最多上傳 {max} 張墊圖',
  },
  'task.blendCount': {
    'zh-CN': '混图需要 {min}-{max} 张图片',
    'en-US': 'Blend needs {min} to {max} images',
    'zh-TW': '混圖需要 {min}-{max} 張圖片',
  },
  'task.badButton': {
    'zh-CN': '该按钮不属于此任务',
    'en-US': 'That button does not belong to this task',
    'zh-TW': '該按鈕不屬於此任務',
  },
  'task.notFound': {
    'zh-CN': '任务不存在',
    'en-US': 'No such task',
    'zh-TW': '任務不存在',
  },
  'task.notModal': {
    'zh-CN': '该任务不在等待输入的状态',
    'en-US': 'This task is not waiting for input',
    'zh-TW': '該任務不在等待輸入的狀態',
  },
  'task.maskRequired': {
    'zh-CN': '请先涂抹要修改的区域',
    'en-US': 'Paint the area to change first',
    'zh-TW': '請先塗抹要修改的區域',
  },
  'task.badMask': {
    'zh-CN': '蒙版图片无效',
    'en-US': 'The mask image is not valid',
    'zh-TW': '遮罩圖片無效',
  },
  'task.maskSize': {
    'zh-CN': '蒙版的尺寸必须与图片相同（{width}×{height} 像素）',
    'en-US': "The mask must have the image's size ({width}×{height} pixels)",
    'zh-TW': '遮罩的尺寸必須與圖片相同（{width}×{height} 像素）',
  },
  'task.emptyMask': {
    'zh-CN': '蒙版中没有选中任何区域，请先用白色涂抹要修改的区域',
    'en-US': 'The mask selects nothing: paint the area to change (in white) first',
    'zh-TW': '遮罩中沒有選取任何區域，請先用白色塗抹要修改的區域',
  },
  'task.notSaved': {
    'zh-CN': '任务未能保存，不会执行；积分已退还。',
    'en-US': 'The task could not be saved, so it will not run. Your credits were refunded.',
    'zh-TW': '任務未能儲存，不會執行；點數已退還。',
  },
  'task.remixOffUpstream': {
    'zh-CN':
      'Midjourney 账号未开启 Remix 模式，无法使用你修改的提示词：请在 Midjourney 中开启 Remix，或在这里关闭 Remix。积分已退还。',
    'en-US':
      'The Midjourney account is not in Remix mode, so your new prompt could not be used: turn Remix on there, or turn it off here. Your credits were refunded.',
    'zh-TW':
      'Midjourney 帳號未開啟 Remix 模式，無法使用你修改的提示詞：請在 Midjourney 中開啟 Remix，或在這裡關閉 Remix。點數已退還。',
  },
  'task.paramUnknown': {
    'zh-CN': '无效参数：Midjourney 没有 --{param} 这个参数',
    'en-US': 'Invalid parameter: Midjourney has no --{param}',
    'zh-TW': '無效參數：Midjourney 沒有 --{param} 這個參數',
  },
  'task.paramRangeInt': {
    'zh-CN': '无效参数：--{param} 需为 {min} 到 {max} 之间的整数',
    'en-US': 'Invalid parameter: --{param} takes a whole number from {min} to {max}',
    'zh-TW': '無效參數：--{param} 需為 {min} 到 {max} 之間的整數',
  },
  'task.paramRange': {
    'zh-CN': '无效参数：--{param} 需为 {min} 到 {max} 之间的数',
    'en-US': 'Invalid parameter: --{param} takes a number from {min} to {max}',
    'zh-TW': '無效參數：--{param} 需為 {min} 到 {max} 之間的數',
  },
  'task.paramChoice': {
    'zh-CN': '无效参数：--{param} 只能是 {values}',
    'en-US': 'Invalid parameter: --{param} takes {values}',
    'zh-TW': '無效參數：--{param} 只能是 {values}',
  },
  'task.paramRatio': {
    'zh-CN': '无效参数：--{param} 需写成“宽:高”，两个正整数，例如 16:9',
    'en-US': 'Invalid parameter: --{param} takes width:height in whole numbers, such as 16:9',
    'zh-TW': '無效參數：--{param} 需寫成「寬:高」，兩個正整數，例如 16:9',
  },
  'task.paramFlag': {
    'zh-CN': '无效参数：--{param} 后面不带取值',
    'en-US': 'Invalid parameter: --{param} takes no value',
    'zh-TW': '無效參數：--{param} 後面不帶取值',
  },
  'task.paramText': {
    'zh-CN': '无效参数：--{param} 后面需要内容',
    'en-US': 'Invalid parameter: --{param} needs something after it',
    'zh-TW': '無效參數：--{param} 後面需要內容',
  },
  'task.paramVersion': {
    'zh-CN': '无效参数：{model} 不支持 --{param}（仅 {takenBy} 支持）',
    'en-US': 'Invalid parameter: {model} does not take --{param} (only {takenBy})',
    'zh-TW': '無效參數：{model} 不支援 --{param}（僅 {takenBy} 支援）',
  },
  'task.badZoom': {
    'zh-CN': '缩放值需在 {min} 到 {max} 之间，例如 --zoom 1.5',
    'en-US': 'The zoom must be between {min} and {max}, e.g. --zoom 1.5',
    'zh-TW': '縮放值需在 {min} 到 {max} 之間，例如 --zoom 1.5',
  },
  'task.notFinished': {
    'zh-CN': '任务尚未完成',
    'en-US': 'The task has not finished yet',
    'zh-TW': '任務尚未完成',
  },
  'task.finished': {
    'zh-CN': '任务已结束，无法取消',
    'en-US': 'The task has already ended and cannot be cancelled',
    'zh-TW': '任務已結束，無法取消',
  },
  'task.notYours': {
    'zh-CN': '只有任务提交者或频道创建者可以这样做',
    'en-US': 'Only the task owner or the channel creator can do that',
    'zh-TW': '只有任務提交者或頻道建立者可以這樣做',
  },
  'message.badLength': {
    'zh-CN': '消息需为 1-{max} 个字符',
    'en-US': 'A message must be 1–{max} characters',
    'zh-TW': '訊息需為 1-{max} 個字元',
  },
  'message.notFound': {
    'zh-CN': '消息不存在',
    'en-US': 'No such message',
    'zh-TW': '訊息不存在',
  },
  'message.notYours': {
    'zh-CN': '只能删除自己的消息',
    'en-US': 'You can only delete your own messages',
    'zh-TW': '只能刪除自己的訊息',
  },
  'settings.badBotType': {
    'zh-CN': '机器人类型不正确：{value}（可选：{allowed}）',
    'en-US': 'Unknown bot type {value} (choose one of {allowed})',
    'zh-TW': '機器人類型不正確：{value}（可選：{allowed}）',
  },
  'settings.botTypeMismatch': {
    'zh-CN': '请求中的机器人类型不一致：{query} 与 {body}',
    'en-US': 'The bot type in the address ({query}) and in the body ({body}) differ',
    'zh-TW': '請求中的機器人類型不一致：{query} 與 {body}',
  },
  'settings.badVersion': {
    'zh-CN': '{bot} 没有版本 {version}（可选：{allowed}）',
    'en-US': '{bot} has no version {version} (choose one of {allowed})',
    'zh-TW': '{bot} 沒有版本 {version}（可選：{allowed}）',
  },
  'settings.badStylize': {
    'zh-CN': '风格化（stylize）需为 {min} 到 {max} 之间的整数',
    'en-US': 'Stylize must be a whole number from {min} to {max}',
    'zh-TW': '風格化（stylize）需為 {min} 到 {max} 之間的整數',
  },
  'settings.badStyle': {
    'zh-CN': '风格（style）不正确（可选：{allowed}）',
    'en-US': 'Unknown style (choose one of {allowed})',
    'zh-TW': '風格（style）不正確（可選：{allowed}）',
  },
  'settings.badSpeed': {
    'zh-CN': '出图速度不正确（可选：{allowed}）',
    'en-US': 'Unknown speed (choose one of {allowed})',
    'zh-TW': '出圖速度不正確（可選：{allowed}）',
  },
  'settings.badRemix': {
    'zh-CN': 'Remix 模式只能开启或关闭（true/false）',
    'en-US': 'Remix must be on or off (true or false)',
    'zh-TW': 'Remix 模式只能開啟或關閉（true/false）',
  },
  'settings.suffixTooLong': {
    'zh-CN': '后缀不能超过 {max} 个字符',
    'en-US': 'The suffix can be at most {max} characters',
    'zh-TW': '後綴不能超過 {max} 個字元',
  },
  'settings.badSuffix': {
    'zh-CN': '后缀需为文本，且不能包含控制字符',
    'en-US': 'The suffix must be text without control characters',
    'zh-TW': '後綴需為文字，且不能包含控制字元',
  },
  'settings.unknownOption': {
    'zh-CN': '没有名为 {name} 的设置项（可选：{allowed}）',
    'en-US': 'There is no setting called {name} (choose one of {allowed})',
    'zh-TW': '沒有名為 {name} 的設定項（可選：{allowed}）',
  },
} as const satisfies Record<string, Catalogue>;

/** Features with many messages keep them beside their code (`features/<name>/messages.ts`). */
export const messages = {
  ...coreMessages,
  ...authMessages,
  ...billingMessages,
  ...upstreamMessages,
  ...archiveMessages,
  ...engineServiceMessages,
  ...comfyuiMessages,
  ...budgetMessages,
  ...moderationMessages,
};

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
