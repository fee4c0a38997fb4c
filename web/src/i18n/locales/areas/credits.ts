/**
 * Strings of the credit meter and the cost hints in zh-CN, the reference; en-US and zh-TW are
 * typed against it in ./credits.en-US.ts and ./credits.zh-TW.ts (their own modules, so a bundle
 * carries only the active language), and locales.test.ts checks every key in every locale.
 */
export const zhCN = {
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
