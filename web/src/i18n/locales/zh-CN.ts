import { feedLocale } from './areas/feed';
import { composerLocale } from './areas/composer';
import { billingLocale } from './areas/billing';
/**
 * 简体中文 (default). The reference locale: every other locale has exactly these keys
 * (checked by the type `LocaleResource` and by locales.test.ts).
 */
const zhCN = {
  app: {
    name: 'AI 绘画空间',
    description: '和朋友一起在频道里用 AI 画画',
  },
  common: {
    close: '关闭',
    cancel: '取消',
    confirm: '确定',
    home: '返回首页',
    save: '保存',
    reset: '重置',
    loading: '加载中…',
    saveSuccess: '保存成功',
    copySuccess: '复制成功',
    deleteSuccess: '删除成功',
    deleteFailed: '删除失败',
    quitSuccess: '退出成功',
    quitFailed: '退出失败',
    regenerateSuccess: '重新生成成功',
    updateSuccess: '修改成功',
  },
  http: {
    requestFailed: '请求失败，请稍后重试',
  },
  login: {
    formLabel: '登录表单',
    welcome: '欢迎回来！',
    subtitle: '很高兴再次见到您！',
    tabPassword: '密码登录',
    tabCode: '验证码登录',
    account: '手机号或邮箱',
    accountPlaceholder: '请输入手机号或邮箱',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    phone: '手机号',
    phonePlaceholder: '请输入手机号',
    code: '验证码',
    codePlaceholder: '6 位数字验证码',
    codeHint: '未注册的手机号验证后将自动创建账号',
    sendCode: '获取验证码',
    resendIn: '{{seconds}} 秒后重发',
    codeSent: '验证码已发送',
    devCodeLabel: '开发环境验证码：',
    fillCode: '填入',
    fillCodeLabel: '将验证码填入输入框',
    forgot: '忘记密码？',
    submit: '登录',
    submitting: '登录中…',
    success: '登录成功',
    agreeLabel: '同意用户协议和隐私政策',
    agreePrefix: '我已阅读并同意',
    userAgreement: '《用户协议》',
    agreeAnd: '和',
    privacyPolicy: '《隐私政策》',
    forgotTitle: '重置密码',
    forgotSubtitle: '通过手机验证码设置一个新密码',
    newPassword: '新密码',
    newPasswordPlaceholder: '请输入新密码',
    newPasswordHint: '6–64 个字符',
    resetSubmit: '重置密码',
    resetSuccess: '密码已重置，请使用新密码登录',
    backToLogin: '返回登录',
    errors: {
      accountRequired: '请输入手机号或邮箱',
      accountInvalid: '手机号或邮箱格式不正确',
      passwordRequired: '请输入密码',
      passwordLength: '密码长度需为 6–64 个字符',
      phoneRequired: '请输入手机号',
      phoneInvalid: '手机号格式不正确',
      codeRequired: '请输入验证码',
      codeInvalid: '请输入 6 位数字验证码',
      agreeRequired: '请先阅读并同意用户协议和隐私政策',
    },
  },
  rail: {
    label: '服务器',
    draw: 'AI 绘画',
    chat: 'AI 对话',
    chatUnavailable: '暂不开放此频道功能！',
  },
  sidebar: {
    label: '频道',
    serverMenu: '{{name}} 服务器菜单',
    general: '常规',
    editServerProfile: '编辑服务器个人资料',
    textChannels: '文字频道',
    createChannel: '创建频道',
    collapse: '收起侧边栏',
    expand: '展开侧边栏',
  },
  channels: {
    empty: 'No Data',
    emptyHint: '还没有频道，点击 + 创建一个吧',
    createTitle: '创建频道',
    editTitle: '修改频道',
    createSubtitle: '在文字频道里提交绘画任务，成员们都能实时看到。',
    editSubtitle: '修改频道名称和发言权限。',
    channelType: '频道类型',
    textChannel: '文字频道',
    textChannelHint: '发送消息、提交绘画任务',
    channelName: '频道名称',
    channelNamePlaceholder: '新的频道',
    muteAll: '全员禁言',
    muteAllHint: '开启后，只有管理员可以发送消息',
    muted: '全员禁言',
    mutedHint: '全员禁言中：只有管理员可以发送消息',
    deleteConfirm: '确定删除该频道？',
    quitConfirm: '确定退出该频道？',
    actions: '频道操作',
    invite: '邀请',
    edit: '编辑',
    delete: '删除',
    quit: '退出',
    inviteTitle: '邀请成员加入 # {{title}}',
    inviteLinkLabel: '邀请链接',
    inviteLinkHint: '把链接发给朋友，他们登录后即可加入频道。',
    copyLink: '复制',
    copied: '已复制',
    inviteExpiresAt: '链接将于 {{time}} 过期',
    inviteNeverExpires: '链接永不过期',
    expireLabel: '链接有效期',
    newLink: '生成新的连接',
    deletedToast: '频道 #{{title}} 已被删除',
    removedToast: '你已被移出频道 #{{title}}',
    deniedToast: '你已无法访问频道 #{{title}}',
    unknownChannel: '该频道',
    expire: {
      hours1: '1小时',
      hours6: '6小时',
      hours12: '12小时',
      day1: '1天',
      days7: '7天',
      never: '从不',
    },
    errors: {
      titleRequired: '请输入频道名称',
      titleTooLong: '频道名称不能超过 {{max}} 个字符',
    },
  },
  footer: {
    openProfile: '{{name}} 的个人资料和设置',
  },
  user: {
    online: '在线',
  },
  main: {
    label: '频道内容',
    welcomeTitle: '欢迎来到 #{{title}}！',
    welcomeText: '这是 #{{title}} 频道的起点。在这里提交绘画任务，频道里的每个人都能实时看到。',
    noChannelTitle: '还没有频道',
    noChannelText: '创建一个文字频道，邀请朋友一起用 AI 画画。',
  },
  subscribe: {
    title: '订阅',
    description: '选择适合你的套餐，获得更多绘画额度。',
    placeholderTitle: '套餐即将上架',
    placeholderText: '订阅套餐、支付和兑换码会显示在这里。',
  },
  settings: {
    title: '用户设置',
    profile: '个人资料',
    name: '显示名称',
    description: '个人简介',
    descriptionPlaceholder: '介绍一下你自己',
    changeAvatar: '更换头像',
    changeAvatarShort: '更换',
    appearance: '外观',
    theme: '主题',
    themeDescription: '选择界面的配色，自动将跟随系统设置。',
    themes: {
      auto: '自动',
      light: '浅色',
      dark: '深色',
    },
    language: '语言',
    languageDescription: '选择界面显示的语言。',
    logout: '退出登录',
    errors: {
      nameRequired: '请输入名称',
      nameTooLong: '名称不能超过 {{max}} 个字符',
      descriptionTooLong: '简介不能超过 {{max}} 个字符',
      avatarType: '头像只支持 jpg、jpeg、png、gif 格式',
      avatarSize: '头像图片不能超过 1M',
    },
  },
  invite: {
    loadingTitle: '正在加载邀请…',
    loadingText: '请稍候，我们正在获取频道信息。',
    invitedBy: '{{name}} 邀请你加入',
    memberCount: '{{count}} 位成员',
    join: '接受邀请',
    signInToJoin: '登录后加入',
    joining: '加入中…',
    joinSuccess: '已加入频道',
    notNow: '暂不加入',
    invalidTitle: '邀请无效',
    invalidText: '这个邀请链接可能已过期、已被更换，或者频道已被删除。请向邀请你的人索取新的链接。',
    openApp: '前往我的频道',
    loadFailed: '邀请信息加载失败',
    retry: '重试',
  },
  members: {
    label: '成员列表',
    heading: '成员 — {{count}}',
    show: '显示成员名单',
    hide: '隐藏成员名单',
    creator: '频道创建者',
    remove: '移出频道',
    removeNamed: '将 {{name}} 移出频道',
    removeConfirm: '确定将 {{name}} 移出频道？',
    removeSuccess: '已将 {{name}} 移出频道',
    removeFailed: '移出失败',
    loadFailed: '成员列表加载失败',
    retry: '重试',
  },
  errors: {
    backHome: '返回首页',
    notFoundTitle: '页面走丢了',
    notFoundText: '你要找的页面不存在，或已被移动。',
    serverErrorTitle: '服务器开小差了',
    serverErrorText: '服务暂时不可用，请稍后再试。',
    loadFailedTitle: '页面没能加载完整',
    loadFailedText: '网站可能刚刚更新，或者网络中断了。重新加载即可继续。',
    reload: '重新加载',
  },
  legal: {
    backToLogin: '返回登录',
    contents: '目录',
    privacy: {
      title: '隐私政策',
      updated: '最近更新：2025 年 6 月 1 日',
      intro:
        '{{company}}（以下简称“我们”）非常重视你的个人信息和隐私。本政策说明我们在你使用 {{company}} 的 AI 绘画频道服务时，会收集哪些信息、如何使用和保护这些信息，以及你享有的权利。请在使用服务前仔细阅读。',
      sections: [
        {
          heading: '我们收集的信息',
          paragraphs: [
            '账号信息：注册和登录时你提供的手机号或邮箱、密码（仅以不可逆的加密形式保存）、显示名称、头像和个人简介。',
            '创作内容：你在频道中提交的提示词、上传的参考图片、生成的图片、发送的消息，以及你对图片执行的操作（放大、变化、重绘等）。',
            '交易信息：订阅套餐、订单号、支付状态和兑换码使用记录。我们不会保存你的银行卡号或支付密码，这些信息由支付机构直接处理。',
            '设备与日志信息：IP 地址、浏览器类型、访问时间、请求记录和错误日志，用于保障服务安全和排查问题。',
          ],
        },
        {
          heading: '我们如何使用信息',
          paragraphs: [
            '为你提供服务：验证身份、保持登录状态、在频道内向成员实时展示绘画任务和消息、计算并扣除绘画额度。',
            '改进与安全：分析服务的稳定性和性能，识别和阻止滥用、欺诈、批量注册等行为。',
            '通知：发送登录验证码，以及与订单、账号安全相关的必要提醒。我们不会在未经同意的情况下向你发送营销信息。',
          ],
        },
        {
          heading: '提示词与 AI 生成的图片',
          paragraphs: [
            '为完成绘画任务，你的提示词和参考图片会被发送给图像生成引擎处理。引擎可能是 {{company}} 内置的离线引擎，也可能是经配置接入的第三方服务；使用第三方服务时，我们只传输完成任务所必需的内容。',
            '频道是共享空间：你在频道中提交的任务、生成的图片和消息对该频道的所有成员可见。请不要在频道中提交你不希望其他成员看到的内容。',
          ],
        },
        {
          heading: '信息的存储与安全',
          paragraphs: [
            '你的信息存储在 {{company}} 使用的服务器上。我们采用加密传输、密码哈希、访问控制和令牌吊销等措施保护你的信息，退出登录后当前令牌立即失效。',
            '我们仅在实现本政策所述目的所需的期限内保留信息。注销账号后，我们会在合理期限内删除或匿名化你的个人信息，法律法规另有要求的除外。',
          ],
        },
        {
          heading: '信息的共享',
          paragraphs: [
            '我们不会出售你的个人信息。仅在以下情况下共享：为发送短信验证码与短信服务商共享手机号；为完成支付与支付机构共享订单信息；为完成绘画任务与图像生成服务共享任务内容；以及法律法规要求或为保护用户和公众安全所必需的情形。',
          ],
        },
        {
          heading: '浏览器本地存储',
          paragraphs: [
            '我们在你的浏览器本地存储中保存登录令牌（随令牌到期自动失效）、用户资料缓存（默认 7 天后失效）以及主题、语言和侧边栏状态等界面设置。你可以随时通过退出登录或清除浏览器数据删除这些信息。',
          ],
        },
        {
          heading: '你的权利',
          paragraphs: [
            '你可以在“用户设置”中查看和修改你的名称、简介和头像，可以删除你创建的频道或退出你加入的频道。',
            '你有权要求查阅、更正、删除你的个人信息或注销账号。我们会在核实身份后尽快处理，一般不超过 15 个工作日。',
          ],
        },
        {
          heading: '未成年人保护',
          paragraphs: [
            '本服务主要面向成年人。如果你是未满 18 周岁的未成年人，请在监护人的同意和指导下使用。如发现在未获监护人同意的情况下收集了未成年人信息，我们会尽快删除。',
          ],
        },
        {
          heading: '政策的更新',
          paragraphs: [
            '我们可能会不时更新本政策。重大变更时，我们会通过页面提示等方式通知你。更新后继续使用服务，即表示你同意更新后的政策。',
          ],
        },
        {
          heading: '联系我们',
          paragraphs: [
            '如果你对本政策或你的个人信息有任何疑问、意见或投诉，请通过 {{company}} 公布的客服渠道与我们联系，我们会及时回复。',
          ],
        },
      ],
    },
    agreement: {
      title: '用户协议',
      updated: '最近更新：2025 年 6 月 1 日',
      intro:
        '欢迎使用 {{company}}。本协议是你与 {{company}}（以下简称“我们”）之间关于使用 AI 绘画频道服务的约定。注册、登录或使用本服务，即表示你已阅读、理解并同意本协议的全部内容。',
      sections: [
        {
          heading: '服务内容',
          paragraphs: [
            '{{company}} 提供一个类似聊天服务器的协作空间：你可以创建文字频道、通过链接邀请他人加入，并在频道中提交 AI 绘画任务，频道成员可实时看到任务的进度和结果。',
            '我们可能根据业务发展调整、增加或暂停部分功能，并会尽量提前告知。',
          ],
        },
        {
          heading: '账号注册与安全',
          paragraphs: [
            '你可以使用手机号或邮箱注册登录。你应提供真实、有效的信息，并妥善保管密码和验证码，不得将账号出借、转让或出售给他人。',
            '因你保管不善导致的账号被盗用或损失，由你自行承担。发现账号异常时，请立即修改密码或联系我们。',
          ],
        },
        {
          heading: '频道与社区规则',
          paragraphs: [
            '频道创建者是频道的管理员，可以修改、删除频道，生成或更换邀请链接，移除成员，并可开启“全员禁言”，此时只有管理员可以发送消息和提交任务。',
            '你应尊重其他成员，不得在频道中骚扰他人、刷屏或发布违法违规内容。我们有权对违规频道和账号采取限制措施。',
          ],
        },
        {
          heading: '用户内容与 AI 生成图片',
          paragraphs: [
            '你对自己提交的提示词、上传的图片和发送的消息负责，并保证拥有相应的权利，不侵犯任何第三方的知识产权、肖像权或隐私权。',
            '在法律允许的范围内，你使用本服务生成的图片归你所有，你可以自行使用。为提供服务，你授权我们在服务范围内存储、处理和向频道成员展示这些内容。',
            '禁止利用本服务生成色情、暴力、恐怖、歧视、侵犯他人权益或其他违反法律法规的内容。AI 生成的内容可能存在不准确或意外的结果，请自行甄别后使用。',
          ],
        },
        {
          heading: '套餐、额度与支付',
          paragraphs: [
            '部分功能需要消耗绘画额度。你可以购买按日、按月或按年计费的套餐，或使用兑换码获取额度或套餐。价格和权益以购买页面展示为准。',
            '绘画任务失败时，所扣除的额度会自动退回。除法律另有规定或我们另有承诺外，已支付的费用和已兑换的兑换码不予退还。',
          ],
        },
        {
          heading: '使用规范',
          paragraphs: [
            '你不得以任何方式干扰服务正常运行，包括但不限于：使用自动化程序批量请求、破解或绕过额度和权限限制、攻击服务器、倒卖账号或额度。',
          ],
        },
        {
          heading: '服务的中断与终止',
          paragraphs: [
            '我们会尽力保证服务稳定，但可能因系统维护、第三方服务故障或不可抗力导致服务中断。对于此类中断，我们会尽快恢复。',
            '如你严重违反本协议，我们有权暂停或终止向你提供服务。你也可以随时停止使用并申请注销账号。',
          ],
        },
        {
          heading: '免责与责任限制',
          paragraphs: [
            '本服务按“现状”提供。在法律允许的最大范围内，我们不对 AI 生成内容的准确性、适用性作出保证，也不对因使用生成内容产生的间接损失承担责任。',
          ],
        },
        {
          heading: '协议的修改',
          paragraphs: ['我们可能会修改本协议，修改后的协议将在本页面公布。修改后继续使用服务，即表示你接受修改后的协议。'],
        },
        {
          heading: '法律适用与联系方式',
          paragraphs: [
            '本协议适用中华人民共和国法律。因本协议产生的争议，双方应友好协商解决；协商不成的，可向 {{company}} 所在地有管辖权的人民法院提起诉讼。',
            '如对本协议有任何疑问，请通过 {{company}} 公布的客服渠道与我们联系。',
          ],
        },
      ],
    },
  },
  ...feedLocale['zh-CN'],
  ...composerLocale['zh-CN'],
  ...billingLocale['zh-CN'],
};

export type LocaleResource = typeof zhCN;

export default zhCN;
