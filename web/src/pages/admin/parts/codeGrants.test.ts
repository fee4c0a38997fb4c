import type { AdminProduct } from '@draw/shared/routes';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import '../i18n/strings';
import { codeGrantsText } from './codeGrants';

const standard: AdminProduct = {
  id: 'month-standard',
  name: 'Standard',
  description: '',
  price: 6900,
  currency: 'CNY',
  period: 'Month',
  credits: 1200,
  sort: 20,
  enabled: true,
  translations: { 'zh-CN': { name: '标准版', description: '' } },
  createdAt: 0,
  updatedAt: 0,
};

async function wordsIn(language: string) {
  await i18n.changeLanguage(language);
  const t = i18n.getFixedT(language) as unknown as (key: string, options?: object) => string;
  return { admin: (key: string, options?: object) => t(`admin.${key}`, options), app: t, language };
}

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('what a code grants, in the console', () => {
  it('words credits and a plan in English', async () => {
    const words = await wordsIn('en-US');
    expect(codeGrantsText({ kind: 'credits', credits: 1500, productId: null }, [], words)).toBe(
      '1,500 credits',
    );
    expect(
      codeGrantsText({ kind: 'plan', credits: 1200, productId: 'month-standard' }, [standard], words),
    ).toBe('Plan: Standard · 1,200 credits · Valid for 30 days');
  });

  it('words them in Chinese, with the plan’s own name there', async () => {
    const words = await wordsIn('zh-CN');
    expect(codeGrantsText({ kind: 'credits', credits: 50, productId: null }, [], words)).toBe('50 积分');
    expect(
      codeGrantsText({ kind: 'plan', credits: 1200, productId: 'month-standard' }, [standard], words),
    ).toBe('套餐：标准版 · 1,200 积分 · 有效期 30 天');
    const traditional = await wordsIn('zh-TW');
    expect(
      codeGrantsText({ kind: 'plan', credits: 1200, productId: 'month-standard' }, [standard], traditional),
    ).toBe('方案：Standard · 1,200 積分 · 有效期 30 天');
  });

  it('names a plan the console no longer lists by its product id', async () => {
    const words = await wordsIn('en-US');
    expect(codeGrantsText({ kind: 'plan', credits: 400, productId: 'gone-plan' }, [], words)).toBe(
      'Plan: gone-plan · 400 credits',
    );
  });
});
