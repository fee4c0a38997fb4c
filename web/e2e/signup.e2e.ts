import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpMailbox, type SmtpMailbox } from '../../scripts/testing/smtp-mailbox';
import { axeFindings } from './axe';
import {
  launchBrowser,
  newUserContext,
  screenshot,
  startServer,
  watchConsole,
  type ServerProcess,
} from './harness';

/**
 * A newcomer signs up in the browser: a first visit lands on sign-up, by a code mailed through a
 * real SMTP server (what production uses) or texted to a +44 number (the console SMS sender's
 * development banner), and ends in /draw. The screen passes axe in both themes and widths.
 */

let mailbox: SmtpMailbox;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  mailbox = await startSmtpMailbox();
  server = await startServer({
    EMAIL_SENDER: 'smtp',
    SMTP_URL: mailbox.url,
    EMAIL_FROM: 'Drawspace <no-reply@draw.test>',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

type Look = { theme: 'light' | 'dark'; viewport: 'desktop' | 'mobile' };

/** A first visit's login page (nothing stored but the theme), in Chinese. */
async function firstVisit({ theme, viewport }: Look): Promise<{ page: Page; problems: string[] }> {
  const context = await newUserContext(browser, server.origin, { viewport, colorScheme: theme });
  await context.addInitScript((chosen) => {
    localStorage.setItem(
      'appSetting',
      JSON.stringify({ data: { siderCollapsed: false, theme: chosen, language: 'zh-CN' }, expire: null }),
    );
  }, theme);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor();
  return { page, problems };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

async function agreeAndSubmit(page: Page): Promise<void> {
  await page.getByTestId('login-agree').click();
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/draw/);
  await page.getByTestId('user-footer').waitFor({ state: 'attached' });
}

describe('signing up', () => {
  it.each<Look>([
    { theme: 'light', viewport: 'desktop' },
    { theme: 'dark', viewport: 'desktop' },
    { theme: 'light', viewport: 'mobile' },
    { theme: 'dark', viewport: 'mobile' },
  ])(
    'greets a first visit with sign-up, not “welcome back”, with no serious axe finding ($theme, $viewport)',
    async (look) => {
      const { page, problems } = await firstVisit(look);
      const name = `signup-${look.theme}-${look.viewport}`;
      expect(await heading(page)).toBe('注册或登录');
      expect(await page.getByTestId('login-tab-code').getAttribute('aria-selected')).toBe('true');
      expect(await page.getByTestId('login-phone-country').inputValue()).toBe('CN');
      // Entrance and colour transitions finished: colours are read as they are, not mid-fade.
      await page.waitForTimeout(400);
      await screenshot(page, name);
      expect(await axeFindings(page)).toEqual([]);
      await page.getByTestId('login-by-email').click();
      await page.getByTestId('login-email').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `${name}-email`);
      expect(await axeFindings(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it('signs up by a code mailed through SMTP and lands in /draw', async () => {
    const { page, problems } = await firstVisit({ theme: 'light', viewport: 'desktop' });
    const email = `newcomer.${process.pid}@example.com`;
    await page.getByTestId('login-by-email').click();
    await page.getByTestId('login-email').fill(email);
    const seen = mailbox.mails.length;
    await page.getByTestId('login-send-code').click();
    const mail = await mailbox.nextMail(seen);
    expect(mail.to).toEqual([email]);
    const code = /(\d{6})$/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeDefined();
    expect(mail.subject).toBe(`Drawspace 登录验证码：${code}`);
    // A real sender: no development banner gives the code away.
    expect(await page.getByTestId('login-dev-code').count()).toBe(0);
    await page.getByTestId('login-code').fill(code!);
    await agreeAndSubmit(page);
    const stored = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { data?: { email?: string } }).data,
    );
    expect(stored?.email).toBe(email);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('signs up a +44 number picked by country on a phone and lands in /draw', async () => {
    const { page, problems } = await firstVisit({ theme: 'dark', viewport: 'mobile' });
    await page.getByTestId('login-phone-country').selectOption('GB');
    await page.getByTestId('login-phone').fill('07911 123458');
    const sent = page.waitForResponse((answer) => answer.url().includes('/api/login/send-login-code'));
    await page.getByTestId('login-send-code').click();
    expect(new URL((await sent).url()).searchParams.get('phone')).toBe('+447911123458');
    await page.getByTestId('login-dev-code').getByRole('button').click();
    await screenshot(page, 'signup-dark-mobile-uk-phone');
    await agreeAndSubmit(page);
    const stored = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { data?: { phone?: string } }).data,
    );
    expect(stored?.phone).toBe('+44****3458');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
