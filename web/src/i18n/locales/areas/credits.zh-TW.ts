import type { zhCN } from './credits';

/** zh-TW strings of this area; typed against zh-CN (./credits.ts), in their own module so only the active language is bundled. */
export const zhTW: typeof zhCN = {
  credits: {
    unit: '積分',
    amount: '{{n}} 積分',
    freeToday: '含今日免費 {{n}}',
    loading: '積分載入中',
    subscribe: '訂閱',
    low: '積分不多了',
    empty: '積分已用完',
    lowHint: '剩餘積分不夠再畫兩次',
    emptyHint: '訂閱或兌換積分後即可繼續作畫',
    cost: '{{n}} 積分',
    costHint: '消耗 {{n}} 積分',
  },
};
