import type { zhCN } from './credits';

/** en-US strings of this area; typed against zh-CN (./credits.ts), in their own module so only the active language is bundled. */
export const enUS: typeof zhCN = {
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
