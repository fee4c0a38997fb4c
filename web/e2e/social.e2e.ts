import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { freshPhone } from './harness';
import { LIVE_TIMEOUT, peopleOnTheirOwnServer, type Person } from './people';

/**
 * The conversation (#34), as two people: A mentions B while B's tab is hidden (B's badge counts it
 * and a notification is raised), B replies and reacts, A edits with ↑, and both see it all live.
 */
const people = peopleOnTheirOwnServer();
const SHOTS = process.env.SOCIAL_SHOTS ?? '/tmp/shots-social';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function channelWith(owner: Person, title: string, other?: Person): Promise<string> {
  const { id } = await people.api<{ id: string }>(owner, 'POST', '/api/draw/channel', {
    title,
    isBan: false,
  });
  if (other) {
    const { inviteCode } = await people.api<{ inviteCode: string }>(
      owner,
      'POST',
      `/api/draw/invite-code/${id}`,
      {},
    );
    await people.api(other, 'POST', `/api/draw/join-channel/${inviteCode}`);
  }
  return id;
}

/** Counts the notifications the page raises (the real API stays underneath). */
function spyOnNotifications() {
  const Real = window.Notification;
  const raised: string[] = [];
  (window as unknown as { raised: string[] }).raised = raised;
  class Spy extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      raised.push(title);
    }
  }
  Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
  window.Notification = Spy as typeof Notification;
}

function hideTab(page: Page, hidden: boolean) {
  return page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

const row = (page: Page, channelId: string) => page.getByTestId(`channel-item-${channelId}`);
const messageWith = (page: Page, text: string) => page.locator('article', { hasText: text }).last();

describe('a channel people talk in', () => {
  it('A mentions B in the background, B replies and reacts, A edits: both see it live', async () => {
    const a = await people.signIn('A', freshPhone(), {
      viewport: { width: 1280, height: 800 },
      theme: 'dark',
    });
    const b = await people.signIn('B', freshPhone(), {
      viewport: { width: 1280, height: 800 },
      theme: 'light',
    });
    await b.context.grantPermissions(['notifications']);
    await b.context.addInitScript(spyOnNotifications);
    const studio = await channelWith(a, 'studio', b);
    const lobby = await channelWith(b, 'lobby');
    const detail = await people.api<{ members: { userId: string; name: string }[] }>(
      a,
      'GET',
      `/api/draw/channel/${studio}`,
    );
    const bMember =
      detail.members.find((member) => member.userId !== detail.members[0]!.userId) ?? detail.members[1]!;

    await people.openChannel(a, studio);
    await people.openChannel(b, lobby);
    await hideTab(b.page, true);

    // A writes "@" + B's name, picks B in the list, and sends.
    const input = a.page.getByTestId('composer-input');
    await input.fill('');
    await input.pressSequentially('@');
    await a.page.getByTestId(`mention-option-${bMember.userId}`).waitFor();
    await a.page.getByTestId(`mention-option-${bMember.userId}`).click();
    await input.pressSequentially('come see the fox');
    await input.press('Enter');
    await messageWith(a.page, 'come see the fox').getByText(`@${bMember.name}`).waitFor();

    // B, elsewhere with the tab hidden: the red count on studio, and a notification.
    await expect
      .poll(() => row(b.page, studio).getAttribute('data-mentions'), { timeout: LIVE_TIMEOUT })
      .toBe('1');
    await expect
      .poll(() => b.page.evaluate(() => (window as unknown as { raised: string[] }).raised.length), {
        timeout: LIVE_TIMEOUT,
      })
      .toBe(1);
    await shot(b.page, 'sidebar-mention-light-desktop');
    await hideTab(b.page, false);

    // B opens studio: the mention is highlighted; B replies from the toolbar and reacts.
    await row(b.page, studio).getByRole('button').first().click();
    const mention = messageWith(b.page, 'come see the fox');
    await expect.poll(() => mention.getAttribute('data-mentions-me')).toBe('true');
    await mention.hover();
    await mention.getByRole('button', { name: '回复' }).click();
    await b.page.getByTestId('reply-bar').waitFor();
    expect(await axeFindings(b.page)).toEqual([]);
    await shot(b.page, 'reply-bar-light-desktop');
    await b.page.getByTestId('composer-input').fill('lovely, thanks');
    await b.page.getByTestId('composer-input').press('Enter');
    await messageWith(b.page, 'lovely, thanks').getByTestId('reply-quote').waitFor();

    await mention.hover();
    await mention.getByRole('button', { name: '添加反应' }).first().click();
    await b.page.getByTestId('reaction-picker').waitFor();
    expect(await axeFindings(b.page)).toEqual([]);
    await shot(b.page, 'emoji-picker-light-desktop');
    await b.page.getByTestId('reaction-pick-🎉').click();

    // A sees the reply (quoting A) and the reaction, live.
    const reply = messageWith(a.page, 'lovely, thanks');
    await reply.getByTestId('reply-quote').waitFor({ timeout: LIVE_TIMEOUT });
    const chip = messageWith(a.page, 'come see the fox').locator('[data-testid$="-🎉"]');
    await chip.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await chip.getAttribute('aria-pressed')).toBe('false');

    // A's context menu on the message, then ↑ edits A's last message; both see "(edited)".
    await messageWith(a.page, 'come see the fox').click({ button: 'right' });
    await a.page.getByRole('menu').waitFor();
    expect(await axeFindings(a.page)).toEqual([]);
    await shot(a.page, 'context-menu-dark-desktop');
    await a.page.keyboard.press('Escape');
    await a.page.getByTestId('composer-input').fill('and the owl');
    await a.page.getByTestId('composer-input').press('Enter');
    await messageWith(a.page, 'and the owl').waitFor();
    await a.page.getByTestId('composer-input').press('ArrowUp');
    const editor = a.page.getByRole('textbox', { name: '编辑消息' });
    await editor.waitFor();
    await editor.fill('and the snowy owl');
    await editor.press('Enter');
    for (const page of [a.page, b.page]) {
      const edited = messageWith(page, 'and the snowy owl');
      await edited.getByTestId('edited-mark').waitFor({ timeout: LIVE_TIMEOUT });
    }

    // The surfaces in the other theme and on a phone, for the note's screenshots.
    await shot(b.page, 'feed-light-desktop');
    await shot(a.page, 'feed-dark-desktop');
    const owl = messageWith(a.page, 'and the snowy owl');
    await owl.hover();
    await owl.getByRole('button', { name: '添加反应' }).first().click();
    await a.page.getByTestId('reaction-picker').waitFor();
    await shot(a.page, 'emoji-picker-dark-desktop');
    await a.page.keyboard.press('Escape');
    for (const [person, theme] of [
      [a, 'dark'],
      [b, 'light'],
    ] as const) {
      await person.page.setViewportSize({ width: 390, height: 844 });
      await messageWith(person.page, 'come see the fox').click({ button: 'right' });
      const menu = person.page.getByRole('menu');
      await menu.waitFor();
      await expect.poll(() => menu.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      // The menu fits the phone's screen.
      await expect
        .poll(async () => ((await menu.boundingBox())?.x ?? 0) + ((await menu.boundingBox())?.width ?? 0))
        .toBeLessThanOrEqual(390);
      await shot(person.page, `context-menu-${theme}-phone`);
      await person.page.getByRole('menuitem', { name: '回复' }).click();
      await person.page.getByTestId('reply-bar').waitFor();
      await shot(person.page, `reply-bar-${theme}-phone`);
    }
  });
});
