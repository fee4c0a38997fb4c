/**
 * Strings of the credit meter and the cost hints, in every language. zh-CN is the reference: the
 * other two are typed against it, and locales.test.ts checks every key in every locale.
 */
const zhCN = {
  credits: {
    unit: '积分',
    amount: '{{n}} 积分',
    freeToday: '含今日免费 {{n}}',
    loading: '积分加载中',
    subscribe: '订阅',
    low: '积分不多了',
    empty: '积分已用完',
    lowHint: '剩余积分不够再画两次',
    emptyHint: '订阅或兑换积分后即可继续作画',
    cost: '{{n}} 积分',
    costHint: '消耗 {{n}} 积分',
  },
};

const enUS: typeof zhCN = {
  credits: {
    unit: 'credits',
    amount: 'Credits: {{n}}',
    freeToday: '{{n}} free today',
    loading: 'Loading credits',
    subscribe: 'Subscribe',
    low: 'Credits running low',
    empty: 'Out of credits',
    lowHint: 'Not enough left for two more imagines',
    emptyHint: 'Subscribe or redeem a code to keep drawing',
    cost: '{{n}} cr',
    costHint: 'Cost: {{n}} cr',
  },
};

const zhTW: typeof zhCN = {
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

export const creditsLocale = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };
