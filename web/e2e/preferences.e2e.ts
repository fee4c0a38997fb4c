import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freshPhone, newUserContext, screenshot, signInWithCode, watchConsole } from './harness';
import { LIVE_TIMEOUT, peopleOnTheirOwnServer } from './people';

/**
 * Language and theme follow the person (#19 item 9): a first visit speaks the browser's language,
 * the login page can switch it, and what an account chose on one device is applied when it signs
 * in on another.
 */
const people = peopleOnTheirOwnServer();

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('language and theme follow the person', () => {
  it('greets an English browser in English on a first visit, and the globe menu switches the login page', async () => {
    const context = await newUserContext(people.browser(), people.server().origin, { locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/login');
    // A first visit: nobody has signed in in this browser, so it is greeted with sign-up.
    await expect.poll(() => heading(page)).toBe('Sign up or log in');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    await page.getByRole('button', { name: 'Change language: English' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    await page.reload();
    await page.getByTestId('login-submit').waitFor();
    // The choice wins over the browser from now on.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    expect(await page.getByTestId('language-menu').textContent()).toContain('繁體中文');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('applies the English and light an account chose on one device when it signs in on a fresh one', async () => {
    const phone = freshPhone();
    const first = await newUserContext(people.browser(), people.server().origin, { colorScheme: 'dark' });
    const firstPage = await first.newPage();
    await firstPage.goto('/login');
    await signInWithCode(firstPage, phone);
    // Taken once the code was sent and used: the server started its minute before this, never after
    // (taken before the click, a slow machine's send could land seconds later and be refused again).
    const firstCodeAt = Date.now();
    await firstPage.getByTestId('footer-settings').click();
    const accountSaved = (value: string) =>
      firstPage.waitForResponse(
        (answer) =>
          answer.url().endsWith('/api/home/info') && (answer.request().postData() ?? '').includes(value),
      );
    const lightSaved = accountSaved('light');
    await firstPage.getByTestId('settings-theme-light').click();
    await lightSaved;
    const englishSaved = accountSaved('en-US');
    await firstPage.getByTestId('settings-language').click();
    await firstPage.getByTestId('settings-language-en-US').click();
    await englishSaved;
    await expect.poll(() => isDark(firstPage)).toBe(false);
    await expect.poll(() => firstPage.getByRole('heading', { name: 'User Settings' }).count()).toBe(1);
    await first.close();

    // A fresh browser: nothing stored, a Chinese browser that prefers dark.
    const second = await newUserContext(people.browser(), people.server().origin, {
      colorScheme: 'dark',
      locale: 'zh-CN',
    });
    const page = await second.newPage();
    await page.goto('/login');
    await expect.poll(() => heading(page)).toBe('注册或登录');
    expect(await isDark(page)).toBe(true);
    // One code a minute per phone: wait out the first sign-in's.
    await page.waitForTimeout(Math.max(0, firstCodeAt + 61_000 - Date.now()));
    await signInWithCode(page, phone);
    await page.getByTestId('user-footer').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await isDark(page)).toBe(false);
    await expect.poll(() => page.getByText('Text Channels', { exact: false }).count()).toBeGreaterThan(0);
    await screenshot(page, 'prefs-followed-to-new-device');

    // Restored sessions keep them too.
    await page.reload();
    await page.getByTestId('user-footer').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await isDark(page)).toBe(false);
    await second.close();
  }, 150_000);
});

describe('a new name or avatar', () => {
  it('reaches the member list and the messages another member has on screen, without a reload', async () => {
    const ann = await people.signIn('ann', freshPhone(), { viewport: 'desktop', theme: 'dark' });
    const bob = await people.signIn('bob', freshPhone(), { viewport: 'desktop', theme: 'light' });
    const { id } = await people.api<{ id: string }>(ann, 'POST', '/api/draw/channel', {
      title: 'names',
      isBan: false,
    });
    const { inviteCode } = await people.api<{ inviteCode: string }>(
      ann,
      'POST',
      `/api/draw/invite-code/${id}`,
      {},
    );
    await people.api(bob, 'POST', `/api/draw/join-channel/${inviteCode}`);
    await people.api(ann, 'POST', `/api/draw/chat/${id}`, { content: 'hello from ann' });
    await people.openChannel(bob, id);
    const list = bob.page.getByTestId('member-list');
    const feed = bob.page.getByTestId('message-list');
    await expect.poll(() => feed.textContent(), { timeout: LIVE_TIMEOUT }).toContain('hello from ann');
    expect(await list.textContent()).not.toContain('Ann Renamed');

    await people.api(ann, 'PUT', '/api/home/info', { name: 'Ann Renamed' });
    await expect.poll(() => list.textContent(), { timeout: LIVE_TIMEOUT }).toContain('Ann Renamed');
    await expect.poll(() => feed.textContent(), { timeout: LIVE_TIMEOUT }).toContain('Ann Renamed');
    expect(people.consoles.get(bob.page)).toEqual([]);
  }, 120_000);
});
