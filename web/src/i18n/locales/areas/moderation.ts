/**
 * Strings of moderation as members meet it (the site's announcement, reporting an image, an image
 * an admin hid, paused submits) in zh-CN, the reference; en-US and zh-TW in their own modules.
 * The console's own strings ship with `/admin` only (pages/admin/i18n).
 */
export const zhCN = {
  moderation: {
    announcement: '站点公告',
    dismissAnnouncement: '关闭公告',
    more: '更多操作',
    report: '举报图片',
    reportTitle: '举报这张图片',
    reportText: '管理员会查看举报，并决定是否隐藏这张图片。',
    reportReason: '理由（选填）',
    reportSubmit: '举报',
    reported: '已举报，感谢反馈',
    hidden: '此图片已被管理员隐藏',
    paused: '你的提交已暂停，{{time}}后恢复',
    pauseLifted: '管理员已解除你的提交暂停，可以继续绘图了',
  },
};
