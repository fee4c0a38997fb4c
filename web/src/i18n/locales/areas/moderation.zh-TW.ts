import type { zhCN } from './moderation';

/** zh-TW strings of this area; typed against zh-CN (./moderation.ts). */
export const zhTW: typeof zhCN = {
  moderation: {
    announcement: '網站公告',
    dismissAnnouncement: '關閉公告',
    more: '更多操作',
    report: '檢舉圖片',
    reportTitle: '檢舉這張圖片',
    reportText: '管理員會查看檢舉，並決定是否隱藏這張圖片。',
    reportReason: '理由（選填）',
    reportSubmit: '檢舉',
    reported: '已檢舉，感謝回饋',
    hidden: '此圖片已被管理員隱藏',
    paused: '你的提交已暫停，{{time}}後恢復',
    pauseLifted: '管理員已解除你的提交暫停，可以繼續繪圖了',
  },
};
