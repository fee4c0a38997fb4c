import type { zhCN } from './moderation';

/** en-US strings of this area; typed against zh-CN (./moderation.ts). */
export const enUS: typeof zhCN = {
  moderation: {
    announcement: 'Announcement',
    dismissAnnouncement: 'Dismiss announcement',
    more: 'More actions',
    report: 'Report image',
    reportTitle: 'Report this image',
    reportText: 'An admin will look at the report and decide whether to hide the image.',
    reportReason: 'Reason (optional)',
    reportSubmit: 'Report',
    reported: 'Reported. Thank you.',
    hidden: 'An admin hid this image',
    paused: 'Your submits are paused; they resume in {{time}}',
    pauseLifted: 'A moderator lifted your pause: you can draw again',
  },
};
