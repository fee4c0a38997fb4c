import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from './axe';
import { freshPhone, screenshot } from './harness';
import { LIVE_TIMEOUT, peopleOnTheirOwnServer, type Person } from './people';

/**
 * Unread marks (#19 item 6): B posts in a channel A is not looking at; A's row for it turns bold
 * with a count and A's page title counts it, on both of A's windows; opening it clears both.
 */
const people = peopleOnTheirOwnServer();

const DESKTOP = { width: 1440, height: 900 };
const row = (page: Page, channelId: string) => page.getByTestId(`channel-item-${channelId}`);
const unreadOf = (page: Page, channelId: string) => row(page, channelId).getAttribute('data-unread');
const title = (page: Page) => page.title();

async function channelOf(owner: Person, name: string, ...others: Person[]): Promise<string> {
  const { id } = await people.api<{ id: string }>(owner, 'POST', '/api/draw/channel', {
    title: name,
    isBan: false,
  });
  const { inviteCode } = await people.api<{ inviteCode: string }>(
    owner,
    'POST',
    `/api/draw/invite-code/${id}`,
    {},
  );
  for (const other of others) await people.api(other, 'POST', `/api/draw/join-channel/${inviteCode}`);
  return id;
}

async function sidebarShots(a: Person, theme: 'dark' | 'light') {
  const shots: string[] = [];
  shots.push(await screenshot(a.page, `unread-sidebar-1440-${theme}`));
  await a.page.setViewportSize({ width: 390, height: 844 });
  // The sidebar is hidden on a phone: its toggle carries the count.
  await expect.poll(() => a.page.getByTestId('sidebar-toggle-unread').textContent()).toBe('2');
  expect(await a.page.getByTestId('sidebar-toggle').getAttribute('aria-label')).toMatch(/，有 2 条未读消息$/);
  expect(await axeFindings(a.page)).toEqual([]);
  shots.push(await screenshot(a.page, `unread-header-390-${theme}`));
  await a.page.getByTestId('sidebar-toggle').click();
  await a.page.locator('[data-unread]').first().waitFor();
  shots.push(await screenshot(a.page, `unread-sidebar-390-${theme}`));
  await a.page.keyboard.press('Escape');
  await a.page.setViewportSize(DESKTOP);
  return shots;
}

describe('unread marks follow the person', () => {
  it("counts B's posts in X while A reads Y, in the title and on both of A's windows; opening X clears both", async () => {
    const a = await people.signIn('A', freshPhone(), { viewport: DESKTOP, theme: 'dark' });
    const b = await people.signIn('B', freshPhone(), { viewport: DESKTOP, theme: 'light' });
    const x = await channelOf(a, 'studio', b);
    const y = await channelOf(a, 'lobby');
    // A channel with nothing new, for the screenshots' contrast.
    const quiet = await channelOf(a, 'gallery');
    await people.openChannel(a, y);
    const a2 = await people.sameUser(a, 'A on a second window', { viewport: DESKTOP, theme: 'light' });
    await people.openChannel(a2, y);
    await expect.poll(() => title(a.page)).toMatch(/^#lobby - /);
    expect(await unreadOf(a.page, x)).toBeNull();

    await people.api(b, 'POST', `/api/draw/chat/${x}`, { content: 'hello from B' });
    await people.api(b, 'POST', `/api/draw/chat/${x}`, { content: 'are you there?' });
    for (const page of [a.page, a2.page]) {
      await expect.poll(() => unreadOf(page, x), { timeout: LIVE_TIMEOUT }).toBe('2');
      await expect.poll(() => title(page)).toMatch(/^\(2\) #lobby - /);
    }
    // Spoken as shown, with what the number means (axe: label-content-name-mismatch).
    expect(await a.page.getByRole('button', { name: 'studio 2 条未读消息' }).count()).toBe(1);
    expect(await unreadOf(a.page, y)).toBeNull();
    expect(await unreadOf(a.page, quiet)).toBeNull();
    expect(await axeFindings(a.page)).toEqual([]);
    expect(await axeFindings(a2.page)).toEqual([]);
    const shots = [...(await sidebarShots(a, 'dark')), ...(await sidebarShots(a2, 'light'))];
    console.log(`screenshots:\n${shots.join('\n')}`);

    // A reload asks the server: the marks are kept there, not in the page.
    await a2.page.reload();
    await expect.poll(() => unreadOf(a2.page, x), { timeout: LIVE_TIMEOUT }).toBe('2');

    await row(a.page, x).getByRole('button').first().click();
    await a.page.getByText('are you there?').waitFor();
    await expect.poll(() => title(a.page), { timeout: LIVE_TIMEOUT }).toMatch(/^#studio - /);
    expect(await unreadOf(a.page, y)).toBeNull();
    // The second window hears the mark and clears too.
    await expect.poll(() => unreadOf(a2.page, x), { timeout: LIVE_TIMEOUT }).toBeNull();
    await expect.poll(() => title(a2.page)).toMatch(/^#lobby - /);

    // B's next post while A reads X at the bottom is read at once; A's other window is told so.
    await people.api(b, 'POST', `/api/draw/chat/${x}`, { content: 'one more' });
    await a.page.getByText('one more').waitFor();
    await expect
      .poll(
        async () =>
          (await people.api<{ channelId: string; unread: number }[]>(a, 'GET', '/api/reads')).find(
            (c) => c.channelId === x,
          )?.unread,
        { timeout: LIVE_TIMEOUT },
      )
      .toBe(0);
    await expect.poll(() => unreadOf(a2.page, x), { timeout: LIVE_TIMEOUT }).toBeNull();
  });
});
