import type { Page } from 'playwright-core';
import type { Task } from '@draw/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { animationsEnded, axeFindings, type AxeFinding } from './axe';
import { browserSuite, gone, visible, type Session } from './suite';

/**
 * No serious or critical axe violation on any screen a person reaches: signed out (a first visit's
 * sign-up, the password tab, legal pages, an invite, a page that does not exist, the sandbox pay
 * page before and after paying), and signed in (a channel whose feed holds finished tasks with
 * their buttons, an empty channel's "how to draw here", the "draw it with /imagine" offer, the
 * command menu, a message's context menu and the reaction picker, the image view, the share
 * dialog, the sidebar and its notification menu, the create / invite / delete / subscribe /
 * settings dialogs, the archive with its phone filter sheet and selection mode, the legal pages,
 * a missing page and an invite). Every screen in dark and light, at desktop and phone width.
 * (The admin console's screens are judged in admin.e2e.ts.)
 */

const { api, apiSignIn, openPage, signedInPage, serverState } = browserSuite();

let owner: Session;
let visitor: Session;
let channelId: string;
let emptyChannelId: string;
let inviteCode: string;
let gridId: string;
/** The sandbox pay pages (the subscribe flow's QR code): an open order's, and a paid one's. */
const sandboxPages: { unpaid?: string; paid?: string } = {};

async function waitForSuccess(session: Session, taskId: string): Promise<Task> {
  for (let i = 0; i < 600; i++) {
    const task = await api<Task>(`/api/mj/task/${taskId}/fetch`, { token: session.token });
    if (task.status === 'SUCCESS') return task;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${taskId} did not finish`);
}

beforeAll(async () => {
  owner = await apiSignIn('13800139001');
  const member = await apiSignIn('13800139002');
  visitor = await apiSignIn('13800139003');
  const channel = await api<{ id: string }>('/api/draw/channel', {
    method: 'POST',
    token: owner.token,
    body: { title: '无障碍画室', isBan: false },
  });
  channelId = channel.id;
  emptyChannelId = (
    await api<{ id: string }>('/api/draw/channel', {
      method: 'POST',
      token: owner.token,
      body: { title: '空画室', isBan: false },
    })
  ).id;
  inviteCode = (
    await api<{ inviteCode: string }>(`/api/draw/invite-code/${channelId}`, {
      method: 'POST',
      token: owner.token,
      body: {},
    })
  ).inviteCode;
  await api(`/api/draw/join-channel/${inviteCode}`, { method: 'POST', token: member.token });
  // A grid with its U/V buttons, one of them used (an upscale with its own buttons), and a chat line.
  const submit = (body: unknown) =>
    api<{ taskId: string }>(`/api/mj/submit/imagine/${channelId}`, {
      method: 'POST',
      token: owner.token,
      body,
    });
  const grid = await waitForSuccess(
    owner,
    (await submit({ prompt: 'a lighthouse at dusk --ar 3:2' })).taskId,
  );
  gridId = grid.id;
  const u1 = grid.buttons.find((b) => b.label === 'U1')!;
  await waitForSuccess(
    owner,
    (
      await api<{ taskId: string }>(`/api/mj/submit/action/${channelId}`, {
        method: 'POST',
        token: owner.token,
        body: { taskId: grid.id, customId: u1.customId },
      })
    ).taskId,
  );
  await api(`/api/draw/chat/${channelId}`, {
    method: 'POST',
    token: member.token,
    body: { content: 'Looks great — try V2?' },
  });
  // A paid order and an open one, for the order history's chips.
  for (const productId of ['day-trial', 'month-basic']) {
    const order = await api<{ id: string }>('/api/home/order', {
      method: 'POST',
      token: owner.token,
      body: { productId },
    });
    const pay = await api<{ codeUrl: string }>(`/api/home/pay/${order.id}`, {
      method: 'POST',
      token: owner.token,
    });
    const payPage = new URL(pay.codeUrl).pathname;
    if (productId !== 'day-trial') {
      sandboxPages.unpaid = payPage;
      continue;
    }
    sandboxPages.paid = payPage;
    const confirmPath = `/api/open/sandbox${new URL(pay.codeUrl).pathname.replace('/pay/sandbox', '')}/confirm`;
    await api(confirmPath, { method: 'POST' });
  }
}, 120_000);

afterEach(() => {
  const state = serverState();
  if (!state.running) throw new Error(`the server stopped:\n${state.logs.slice(-4000)}`);
});

type Look = { theme: 'light' | 'dark'; viewport: 'desktop' | 'mobile' };
const looks: Look[] = [
  { theme: 'dark', viewport: 'desktop' },
  { theme: 'light', viewport: 'desktop' },
  { theme: 'dark', viewport: 'mobile' },
  { theme: 'light', viewport: 'mobile' },
];

/** Lets dialogs and popovers finish their entrance animation (contrast is read mid-fade otherwise). */
const settle = animationsEnded;

/** One line per rule (nodes summed over screens), then a few distinct offending nodes each. */
function summary(found: { screen: string; finding: AxeFinding }[], examples = 6): string {
  const byRule = new Map<string, { count: number; screens: Set<string>; nodes: Set<string> }>();
  for (const { screen, finding } of found) {
    const entry = byRule.get(finding.rule) ?? { count: 0, screens: new Set(), nodes: new Set() };
    entry.count += finding.nodes.length;
    entry.screens.add(screen);
    for (const node of finding.nodes) entry.nodes.add(node);
    byRule.set(finding.rule, entry);
  }
  return [...byRule]
    .map(
      ([rule, e]) =>
        `${rule}: ${e.count} nodes on ${[...e.screens].join(', ')}\n    ${[...e.nodes].slice(0, examples).join('\n    ')}`,
    )
    .join('\n');
}

/** Opens the sidebar overlay on phones (it holds the channel actions and the user footer). */
async function openSidebar(page: Page, look: Look) {
  if (look.viewport !== 'mobile') return;
  if (await page.getByTestId('sidebar-backdrop').count()) return;
  await page.getByTestId('sidebar-toggle').click();
  await visible(page.getByTestId('sidebar-backdrop'));
  await settle(page);
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await gone(page.getByRole('menu'));
}

async function closeDialog(page: Page, testId: string) {
  await page.keyboard.press('Escape');
  await gone(page.getByTestId(testId));
}

describe.each(looks)('axe: $theme, $viewport', (look) => {
  it('finds no serious or critical violation on any screen', async () => {
    const found: { screen: string; finding: AxeFinding }[] = [];
    const check = async (page: Page, screen: string) => {
      for (const finding of await axeFindings(page)) found.push({ screen, finding });
    };

    // ---- Signed out ----------------------------------------------------------------------------
    const guest = await openPage({ viewport: look.viewport, colorScheme: look.theme });
    // A first visit lands on sign-up (a code by text or mail); the password tab is for returning people.
    await guest.goto('/login');
    await visible(guest.getByTestId('login-submit'));
    expect(await guest.getByTestId('login-tab-code').getAttribute('aria-selected')).toBe('true');
    await check(guest, 'login, first visit (sign-up by code)');
    await guest.getByTestId('login-tab-password').click();
    await expect
      .poll(() => guest.getByTestId('login-tab-password').getAttribute('aria-selected'))
      .toBe('true');
    await check(guest, 'login (password)');
    for (const legal of ['privacy-policy', 'user-agreement']) {
      await guest.goto(`/${legal}`);
      await visible(guest.getByTestId(legal));
      await check(guest, `/${legal} (signed out)`);
    }
    await guest.goto(`/invite/${inviteCode}`);
    await visible(guest.getByTestId('invite-join'));
    await check(guest, 'invite (signed out)');
    await guest.goto('/no-such-page');
    await visible(guest.getByTestId('error-home'));
    await check(guest, '404 (signed out)');
    // The sandbox pay page the subscribe dialog's QR code opens (served by the server, on a phone).
    await guest.goto(sandboxPages.unpaid!);
    await visible(guest.getByTestId('sandbox-confirm'));
    await check(guest, 'sandbox pay page');
    await guest.goto(sandboxPages.paid!);
    await expect.poll(() => guest.getByTestId('sandbox-status').textContent()).toContain('支付成功');
    await check(guest, 'sandbox pay page (paid)');
    await guest.close();

    // ---- Signed in -----------------------------------------------------------------------------
    const page = await signedInPage(owner, look.theme, look.viewport);
    await page.goto(`/draw/${channelId}`);
    await visible(page.getByTestId('task-button-U1'));
    await expect
      .poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('live');
    await check(page, 'channel feed');

    await page.getByTestId('composer-input').fill('/');
    await visible(page.getByTestId('command-menu'));
    await check(page, 'command menu');
    // A refused command: its toast, and the command's hint above the message box.
    await page.getByTestId('composer-input').fill('/imagine a cat --s 5000');
    await page.keyboard.press('Enter');
    await visible(page.locator('[data-sonner-toast][data-type="error"]').first());
    await settle(page);
    await check(page, 'a refused command (its toast, the command hint)');
    // A prompt typed without a slash: the offer to draw it with /imagine.
    await page.getByTestId('composer-input').fill('a lighthouse in the fog');
    await visible(page.getByTestId('composer-draw-offer'));
    await check(page, 'the "draw it with /imagine" offer');
    await page.getByTestId('composer-input').fill('');

    // A message's context menu (a right click, a long press on a phone), then its reaction picker.
    await page.getByText('Looks great — try V2?').click({ button: 'right' });
    await visible(page.getByRole('menu'));
    await check(page, 'message context menu');
    await page.getByTestId('menu-react').click();
    await visible(page.getByTestId('reaction-picker'));
    await check(page, 'reaction picker');
    await page.keyboard.press('Escape');
    await gone(page.getByTestId('reaction-picker'));

    // A result in the image view, then shared from its ⋯ menu. The refused command's toast leaves
    // first: caught fading out over the viewer, it read as a contrast failure (once, light on a phone).
    await gone(page.locator('[data-sonner-toast]').first());
    await page.getByTestId(`task-image-${gridId}`).click();
    await visible(page.getByTestId('viewer-panel'));
    await check(page, 'image viewer');
    await page.keyboard.press('Escape');
    await gone(page.getByTestId('viewer'));
    await page.getByTestId(`task-menu-${gridId}`).click();
    await page.getByTestId(`task-share-${gridId}`).click();
    await visible(page.getByTestId(`share-url-${gridId}`));
    await check(page, 'share dialog');
    await closeDialog(page, 'share-dialog');
    // Its "link copied" toast leaves first: a toast caught fading out is no one's contrast.
    await gone(page.locator('[data-sonner-toast]'));

    await openSidebar(page, look);
    await check(page, 'sidebar');
    await page.getByTestId(`channel-notify-${channelId}`).click();
    await visible(page.getByRole('menu'));
    await check(page, 'notification level menu');
    await closeMenu(page);

    await openSidebar(page, look);
    await page.getByTestId('channel-add').click();
    await visible(page.getByTestId('channel-create-dialog'));
    await check(page, 'create channel dialog');
    await closeDialog(page, 'channel-create-dialog');

    await openSidebar(page, look);
    await page.getByTestId(`channel-invite-${channelId}`).click();
    await expect.poll(() => page.getByTestId('invite-link').inputValue()).toContain('/invite/');
    await check(page, 'invite dialog');
    await closeDialog(page, 'invite-dialog');

    await openSidebar(page, look);
    await page.getByTestId(`channel-edit-${channelId}`).click();
    await visible(page.getByTestId('channel-edit-dialog'));
    await check(page, 'channel settings dialog');
    await page.getByTestId('channel-delete-open').click();
    await visible(page.getByTestId('channel-delete-dialog'));
    await check(page, 'delete channel dialog');
    await page.getByTestId('channel-delete-name').fill('无障碍画室');
    await check(page, 'delete channel dialog (name typed)');
    await closeDialog(page, 'channel-delete-dialog');
    await closeDialog(page, 'channel-edit-dialog');

    await openSidebar(page, look);
    await page.getByTestId('footer-subscribe').click();
    await visible(page.getByTestId('subscribe-balance'));
    await visible(page.locator('[data-testid^="order-row-"]').first());
    await check(page, 'subscribe dialog');
    await closeDialog(page, 'subscribe-dialog');

    await openSidebar(page, look);
    await page.getByTestId('footer-settings').click();
    await visible(page.getByTestId('settings-name'));
    await check(page, 'settings dialog');
    await page.keyboard.press('Escape');
    await gone(page.getByTestId('settings-name'));

    await page.goto(`/draw/${emptyChannelId}`);
    await visible(page.getByTestId('how-to-draw'));
    await check(page, 'an empty channel (how to draw here)');

    await page.goto('/archive');
    await visible(page.getByTestId('archive-item').first());
    await check(page, 'archive');
    if (look.viewport === 'mobile') {
      await page.getByTestId('archive-filters-open').click();
      await visible(page.getByTestId('archive-filters-sheet'));
      await check(page, 'archive filter sheet');
      await closeDialog(page, 'archive-filters-sheet');
      await page.getByTestId('archive-select-mode').click();
      await expect
        .poll(() => page.getByTestId('archive-select-mode').getAttribute('aria-pressed'))
        .toBe('true');
      await check(page, 'archive selection mode');
    }

    await page.goto('/no-such-page');
    await visible(page.getByTestId('error-home'));
    await check(page, '404 (signed in)');

    for (const legal of ['privacy-policy', 'user-agreement']) {
      await page.goto(`/${legal}`);
      await visible(page.getByTestId(legal));
      await check(page, `/${legal} (signed in)`);
    }
    await page.close();

    // A signed-in visitor: an invite to join, and a dead link.
    const other = await signedInPage(visitor, look.theme, look.viewport);
    await other.goto(`/invite/${inviteCode}`);
    await visible(other.getByTestId('invite-join'));
    await check(other, 'invite (signed in)');
    await other.goto('/invite/no-such-code');
    await visible(other.getByTestId('invite-invalid'));
    await check(other, 'invite, dead link');
    await other.close();

    if (found.length) console.log(`axe [${look.theme} ${look.viewport}]\n${summary(found, 100)}`);
    expect(
      found.map((f) => `${f.screen}: ${f.finding.rule}`),
      summary(found),
    ).toEqual([]);
  }, 300_000);
});

describe('ways in and out', () => {
  const focused = (page: Page) =>
    page.evaluate(
      () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id ?? null,
    );

  it('puts the cursor in the message box, skips to it, returns focus to what opened a dialog, and keeps used U/V pressed', async () => {
    const page = await signedInPage(owner, 'dark', 'desktop');
    await page.goto(`/draw/${channelId}`);
    await visible(page.getByTestId('task-button-U1'));
    // Opening a channel puts the cursor in its message box, named after the channel.
    await expect.poll(() => focused(page)).toBe('composer-input');
    expect(await page.getByRole('textbox', { name: '给 #无障碍画室 发消息' }).count()).toBe(1);
    // U1 made the upscale in the feed: pressed, after a fresh load, for a screen reader too.
    expect(await page.getByTestId('task-button-U1').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('task-button-U2').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('task-button-U1').getAttribute('aria-label')).toMatch(/^U1 · /);

    // The first Tab stop skips the rail and the channel list.
    await page.reload();
    await visible(page.getByTestId('task-button-U1'));
    // Tab from the very top of the page (as after loading it with the keyboard).
    await page.evaluate(() => {
      const start = document.createElement('button');
      document.body.prepend(start);
      start.focus();
      start.remove();
    });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('skip-to-composer');
    await visible(page.getByTestId('skip-to-composer'));
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('composer-input');

    // Closing a dialog puts focus back on what opened it.
    for (const [opener, dialog] of [
      [`channel-invite-${channelId}`, 'invite-dialog'],
      [`channel-edit-${channelId}`, 'channel-edit-dialog'],
      ['footer-settings', 'settings-name'],
    ] as const) {
      await page.getByTestId(opener).focus();
      await page.keyboard.press('Enter');
      await visible(page.getByTestId(dialog));
      await settle(page);
      await page.keyboard.press('Escape');
      await gone(page.getByTestId(dialog));
      await expect.poll(() => focused(page)).toBe(opener);
    }
    // Typing with a button focused (no field, no dialog) writes in the message box, as in Discord.
    await page.keyboard.type('hi');
    expect(await focused(page)).toBe('composer-input');
    expect(await page.getByTestId('composer-input').inputValue()).toBe('hi');
    await page.getByTestId('composer-input').fill('');
    // The delete dialog opens over the channel's settings and gives focus back to its button.
    await page.getByTestId(`channel-edit-${channelId}`).click();
    await page.getByTestId('channel-delete-open').click();
    await visible(page.getByTestId('channel-delete-dialog'));
    await expect.poll(() => focused(page)).toBe('channel-delete-name');
    await page.keyboard.press('Escape');
    await gone(page.getByTestId('channel-delete-dialog'));
    await expect.poll(() => focused(page)).toBe('channel-delete-open');
    await page.close();
  }, 120_000);

  it('leads signed-in people from a legal page back to the app, and visitors back to log in', async () => {
    const page = await signedInPage(owner, 'light', 'mobile');
    await page.goto('/privacy-policy');
    await visible(page.getByTestId('legal-back'));
    expect(await page.getByTestId('legal-back').textContent()).toBe('返回应用');
    await page.getByTestId('legal-back').click();
    await page.waitForURL(/\/draw/);
    await page.close();

    const guest = await openPage({ viewport: 'mobile', colorScheme: 'light' });
    await guest.goto('/user-agreement');
    await visible(guest.getByTestId('legal-back'));
    expect(await guest.getByTestId('legal-back').textContent()).toBe('返回登录');
    await guest.getByTestId('legal-back').click();
    await guest.waitForURL(/\/login/);
    await guest.close();
  }, 60_000);
});
