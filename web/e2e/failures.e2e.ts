import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from './axe';
import { freshPhone, screenshot } from './harness';
import { browserSuite, gone, text, visible } from './suite';

/**
 * A failed task in a real browser against a real server (#19 item 4): the built-in engine fails a
 * /shorten with nothing to shorten; its reason reads in Chinese in a Chinese interface, for the
 * owner and for another member; only the owner gets Retry (the same command again, a new card)
 * and Edit prompt (the command back in the composer). Screenshots: failure-<theme>-<width>.
 */
const suite = browserSuite();
const SIZES = { 1440: { width: 1440, height: 900 }, 390: { width: 390, height: 844 } } as const;
const REASON = '无法精简：提示词中没有描述性的词语。积分已退还。';

const cards = (page: Page) => page.locator('[data-testid^="task-card-"]');

async function sharedChannel() {
  const ann = await suite.apiSignIn(freshPhone());
  const bob = await suite.apiSignIn(freshPhone());
  const { id } = await suite.api<{ id: string }>('/api/draw/channel', {
    method: 'POST',
    token: ann.token,
    body: { title: 'failures', isBan: false },
  });
  const { inviteCode } = await suite.api<{ inviteCode: string }>(`/api/draw/invite-code/${id}`, {
    method: 'POST',
    token: ann.token,
    body: {},
  });
  await suite.api(`/api/draw/join-channel/${inviteCode}`, { method: 'POST', token: bob.token, body: {} });
  return { ann, bob, id };
}

async function failedTask(token: string, channelId: string): Promise<string> {
  const { taskId } = await suite.api<{ taskId: string }>(`/api/mj/submit/shorten/${channelId}`, {
    method: 'POST',
    token,
    body: { prompt: 'the and of a' },
  });
  await expect
    .poll(
      async () => (await suite.api<{ status: string }>(`/api/mj/task/${taskId}/fetch`, { token })).status,
      { timeout: 20_000 },
    )
    .toBe('FAILURE');
  return taskId;
}

describe('a failed task', () => {
  it('says why in the reader’s language, and offers Retry and Edit prompt to its owner only', async () => {
    const { ann, bob, id } = await sharedChannel();
    const taskId = await failedTask(ann.token, id);

    const bobPage = await suite.signedInPage(bob, 'dark');
    await bobPage.goto(`/draw/${id}`);
    await text(bobPage.getByTestId(`task-fail-reason-${taskId}`)).toBe(REASON);
    expect(await bobPage.getByTestId(`task-failure-retry-${taskId}`).count()).toBe(0);
    expect(await bobPage.getByTestId(`task-failure-edit-${taskId}`).count()).toBe(0);

    const page = await suite.signedInPage(ann, 'dark');
    await page.setViewportSize(SIZES[1440]);
    await page.goto(`/draw/${id}`);
    await text(page.getByTestId(`task-fail-reason-${taskId}`)).toBe(REASON);
    expect(await page.getByTestId(`task-card-${taskId}`).textContent()).not.toContain('Nothing to shorten');
    const retry = page.getByRole('button', { name: '重试', exact: true });
    const edit = page.getByRole('button', { name: '修改提示词', exact: true });
    await visible(retry);
    await visible(edit);
    // Buttons named by what they show (axe's label-content-name-mismatch): nothing serious on the screen.
    expect(await axeFindings(page)).toEqual([]);

    await edit.click();
    await expect.poll(() => page.getByTestId('composer-input').inputValue()).toBe('/shorten the and of a');
    await page.getByTestId('composer-input').fill('');

    // Retry: the same command again, a new card for both (it fails again: nothing to shorten still).
    await retry.click();
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => cards(bobPage).count(), { timeout: 20_000 }).toBe(2);
    await expect
      .poll(() => page.locator('[data-testid^="task-fail-reason-"]').count(), { timeout: 20_000 })
      .toBe(2);
    expect(suite.problems).toEqual([]);
    await bobPage.close();
    await page.close();
  });

  it('looks right in both themes at 1440 and 390 px, with nothing serious for axe', async () => {
    const { ann, id } = await sharedChannel();
    const taskId = await failedTask(ann.token, id);
    for (const theme of ['dark', 'light'] as const) {
      for (const size of [1440, 390] as const) {
        const page = await suite.signedInPage(ann, theme, size === 390 ? 'mobile' : 'desktop');
        await page.setViewportSize(SIZES[size]);
        await page.goto(`/draw/${id}`);
        await visible(page.getByTestId(`task-failure-retry-${taskId}`));
        await gone(page.locator('[data-testid^="task-card-loading-"]'));
        await page.getByTestId(`task-card-${taskId}`).scrollIntoViewIfNeeded();
        await screenshot(page, `failure-${theme}-${size}`);
        expect(await axeFindings(page)).toEqual([]);
        await page.close();
      }
    }
    expect(suite.problems).toEqual([]);
  });
});
