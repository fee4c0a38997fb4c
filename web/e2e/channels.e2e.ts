import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, tokenOf } from './harness';
import { browserSuite, gone, text, visible } from './suite';

/**
 * Channels, members and invites, live for every member: two people in two browser contexts,
 * signing in as new users do (phone code), then create → invite → join → rename → mute → quit →
 * rejoin → remove → rejoin → rename and delete while the other looks at another channel, each
 * change seen live by the other side.
 */

const { origin, problems, openPage, api, apiSignIn, signedInPage } = browserSuite();

/** Signs in with a phone code, as a new user would (the dev banner shows the code). */
async function signInWithCode(page: Page, phone: string): Promise<void> {
  await page.getByTestId('login-tab-code').click();
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-send-code').click();
  const banner = page.getByTestId('login-dev-code');
  await visible(banner);
  const code = /\d{6}/.exec((await banner.textContent()) ?? '')?.[0];
  expect(code).toBeTruthy();
  await page.getByTestId('login-code').fill(code!);
  await page.getByTestId('login-agree').click();
  await page.getByTestId('login-submit').click();
}

async function userIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { data?: { id?: string } }).data?.id ?? '',
  );
}

function channelIdFrom(url: string): string {
  const id = /\/draw\/([\w-]+)$/.exec(new URL(url).pathname)?.[1];
  if (!id) throw new Error(`no channel id in ${url}`);
  return id;
}

async function confirm(page: Page): Promise<void> {
  await page.getByTestId('popconfirm-ok').click();
}

describe('channels, members and invites', () => {
  it('works live for every member', async () => {
    // ---- A signs in and creates a channel --------------------------------------------------
    const a = await openPage();
    await a.goto('/draw');
    await a.waitForURL(/\/login/);
    await signInWithCode(a, '13800138001');
    await a.waitForURL(/\/draw/);
    await visible(a.getByTestId('channel-empty'));

    await a.getByTestId('channel-add').click();
    const createDialog = a.getByTestId('channel-create-dialog');
    await visible(createDialog);
    expect(await createDialog.evaluate((node) => (node as HTMLElement).style.width)).toBe('460px');
    await a.getByTestId('channel-submit').click();
    await visible(createDialog.getByRole('alert')); // 请输入频道名称, inline
    await a.getByTestId('channel-title-input').fill('  画室  ');
    await a.getByTestId('channel-submit').click();
    await gone(createDialog);
    await visible(a.getByText('保存成功'));
    await a.waitForURL(/\/draw\/[\w-]+$/);
    const channelId = channelIdFrom(a.url());
    const rowA = a.getByTestId(`channel-item-${channelId}`);
    await text(rowA).toBe('#画室');
    await text(a.getByTestId('channel-title')).toBe('#画室');
    const aId = await userIdOf(a);
    await visible(a.getByTestId(`member-${aId}`));
    await visible(a.getByTestId(`member-crown-${aId}`));

    // ---- A opens the invite dialog and copies the link ---------------------------------------
    await a.getByTestId(`channel-invite-${channelId}`).click();
    const inviteDialog = a.getByTestId('invite-dialog');
    await visible(inviteDialog);
    expect(await inviteDialog.evaluate((node) => (node as HTMLElement).style.width)).toBe('520px');
    await text(inviteDialog.getByRole('heading')).toBe('邀请成员加入 # 画室');
    const linkField = a.getByTestId('invite-link');
    await expect.poll(() => linkField.inputValue()).toMatch(new RegExp(`^${origin()}/invite/[\\w-]{8,}$`));
    await text(a.getByTestId('invite-expiry-text')).toContain('永不过期');
    // Choosing 1天 changes the current link's expiry (the server writes the time in our zone).
    await a.getByTestId('invite-expiry').click();
    await a.getByRole('option', { name: '1天' }).click();
    await text(a.getByTestId('invite-expiry-text')).toMatch(/^该链接将于 .+ 过期$/);
    await a.getByTestId('invite-expiry').click();
    await a.getByRole('option', { name: '从不' }).click();
    await text(a.getByTestId('invite-expiry-text')).toContain('永不过期');
    await a.getByTestId('invite-copy').click();
    await visible(a.getByText('复制成功'));
    await text(a.getByTestId('invite-copy')).toBe('已复制');
    await text(a.getByTestId('invite-copy')).toBe('复制'); // the copied state resets after 2 s
    const link = await linkField.inputValue();
    await a.keyboard.press('Escape');
    await gone(inviteDialog);

    // ---- B opens the link, signs in, comes back to the invite and joins ----------------------
    const b = await openPage();
    await b.goto(link);
    // A visitor sees where the link leads before having an account, then signs in to join.
    await text(b.getByTestId('invite-title')).toContain('画室');
    await text(b.getByTestId('invite-join')).toBe('登录后加入');
    await b.getByTestId('invite-join').click();
    await b.waitForURL(/\/login\?redirect=%2Finvite%2F/);
    await signInWithCode(b, '13800138002');
    await b.waitForURL(new RegExp(`/invite/`));
    await text(b.getByTestId('invite-title')).toContain('画室');
    await text(b.getByTestId('invite-creator')).toContain('user8001');
    await text(b.getByTestId('invite-member-count')).toContain('1');
    await b.getByTestId('invite-join').click();
    await b.waitForURL(new RegExp(`/draw/${channelId}$`));
    const bId = await userIdOf(b);

    // Both see each other in the member list, live.
    await visible(a.getByTestId(`member-${bId}`));
    await visible(b.getByTestId(`member-${aId}`));
    await visible(b.getByTestId(`member-crown-${aId}`));
    await text(a.getByTestId('member-count')).toContain('2');
    await text(b.getByTestId(`channel-item-${channelId}`)).toBe('#画室');
    // A member may only quit; the creator's actions are not offered.
    await visible(b.getByTestId(`channel-quit-${channelId}`));
    expect(await b.getByTestId(`channel-edit-${channelId}`).count()).toBe(0);

    // ---- A renames, then mutes: B sees both live --------------------------------------------
    await a.getByTestId(`channel-edit-${channelId}`).click();
    const editDialog = a.getByTestId('channel-edit-dialog');
    await visible(editDialog);
    await text(editDialog.getByRole('heading')).toBe('修改频道');
    await a.getByTestId('channel-title-input').fill('画室二号');
    await a.getByTestId('channel-submit').click();
    await gone(editDialog);
    await visible(a.getByText('修改成功'));
    await text(b.getByTestId(`channel-item-${channelId}`)).toBe('#画室二号');
    await text(b.getByTestId('channel-title')).toBe('#画室二号');
    expect(await b.getByTestId('channel-muted-badge').count()).toBe(0);

    await a.getByTestId(`channel-edit-${channelId}`).click();
    await visible(editDialog);
    await a.getByTestId('channel-ban-switch').click();
    await a.getByTestId('channel-submit').click();
    await gone(editDialog);
    await visible(b.getByTestId('channel-muted-badge'));
    await visible(a.getByTestId('channel-muted-badge'));
    // B can no longer post: the composer says why, live, and the server refuses a post anyway.
    await visible(b.getByTestId('composer-muted'));
    const refusedResponse = await fetch(`${origin()}/api/draw/chat/${channelId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'zh-CN',
        authorization: `Bearer ${await tokenOf(b)}`,
      },
      body: JSON.stringify({ content: 'can anyone hear me?' }),
    });
    const refused = {
      status: refusedResponse.status,
      body: (await refusedResponse.json()) as { success: boolean; reason: string; message: string },
    };
    expect(refused.status).toBe(423);
    expect(refused.body).toMatchObject({ success: false, reason: 'channel_muted' });
    expect(refused.body.message).toContain('全员禁言');

    // ---- B quits: A sees B leave ----------------------------------------------------------
    await b.getByTestId(`channel-quit-${channelId}`).click();
    await confirm(b);
    await visible(b.getByText('退出成功'));
    await visible(b.getByTestId('channel-empty'));
    // The address leaves the channel too: a reload or a copied link no longer names it.
    await b.waitForURL((url) => url.pathname === '/draw');
    await gone(a.getByTestId(`member-${bId}`));
    await text(a.getByTestId('member-count')).toContain('1');

    // ---- B comes back through the same link; A removes B: B leaves the view with a toast ----
    await b.goto(link);
    await b.getByTestId('invite-join').click();
    await b.waitForURL(new RegExp(`/draw/${channelId}$`));
    await visible(a.getByTestId(`member-${bId}`));
    // A lifts the mute; once B sees that live, B's feed is subscribed again.
    await a.getByTestId(`channel-edit-${channelId}`).click();
    await visible(editDialog);
    await a.getByTestId('channel-ban-switch').click();
    await a.getByTestId('channel-submit').click();
    await gone(editDialog);
    await visible(b.getByTestId(`member-${aId}`));
    await gone(b.getByTestId('channel-muted-badge'));
    await a.getByTestId(`member-${bId}`).hover();
    await a.getByTestId(`member-menu-${bId}`).click();
    await a.getByTestId(`member-remove-${bId}`).click();
    await a.getByTestId('member-remove-dialog').getByTestId('member-action-confirm').click();
    await gone(a.getByTestId(`member-${bId}`));
    await visible(b.getByText('你已被移出频道 #画室二号'));
    await gone(b.getByTestId(`channel-item-${channelId}`));
    await visible(b.getByTestId('channel-empty'));
    await b.waitForURL((url) => url.pathname === '/draw');

    // ---- B makes a channel of its own, then joins the first once more ----------------------
    await b.getByTestId('channel-add').click();
    const bCreateDialog = b.getByTestId('channel-create-dialog');
    await visible(bCreateDialog);
    await b.getByTestId('channel-title-input').fill('B的角落');
    await b.getByTestId('channel-submit').click();
    await gone(bCreateDialog);
    await b.waitForURL((url) => /^\/draw\/[\w-]+$/.test(url.pathname) && !url.pathname.endsWith(channelId));
    const ownId = channelIdFrom(b.url());
    await text(b.getByTestId('channel-title')).toBe('#B的角落');
    await b.goto(link);
    await b.getByTestId('invite-join').click();
    await b.waitForURL(new RegExp(`/draw/${channelId}$`));
    await visible(a.getByTestId(`member-${bId}`));
    await text(b.getByTestId('channel-title')).toBe('#画室二号');

    // ---- While B looks at its own channel, A renames the first and then deletes it: B's
    // sidebar follows both live, without a reload, and B stays where it is ------------------
    await b.getByTestId(`channel-item-${ownId}`).click();
    await b.waitForURL(new RegExp(`/draw/${ownId}$`));
    await text(b.getByTestId('channel-title')).toBe('#B的角落');
    await a.getByTestId(`channel-edit-${channelId}`).click();
    await visible(editDialog);
    await a.getByTestId('channel-title-input').fill('画室三号');
    await a.getByTestId('channel-submit').click();
    await gone(editDialog);
    await text(rowA).toBe('#画室三号');
    await text(b.getByTestId(`channel-item-${channelId}`)).toBe('#画室三号');
    expect(channelIdFrom(b.url())).toBe(ownId);

    // Deleting starts in the channel's settings and asks for the name, as Discord does.
    await a.getByTestId(`channel-edit-${channelId}`).click();
    await visible(editDialog);
    await a.getByTestId('channel-delete-open').click();
    const deleteDialog = a.getByTestId('channel-delete-dialog');
    await visible(deleteDialog);
    await text(deleteDialog.getByRole('heading')).toBe('删除 #画室三号');
    await text(deleteDialog).toContain('全部 2 位成员');
    const deleteButton = a.getByTestId('channel-delete-confirm');
    expect(await deleteButton.isDisabled()).toBe(true);
    await a.getByTestId('channel-delete-name').fill('画室');
    expect(await deleteButton.isDisabled()).toBe(true);
    await a.getByTestId('channel-delete-name').fill('画室三号');
    await deleteButton.click();
    await visible(a.getByText('删除成功'));
    await gone(deleteDialog);
    await gone(editDialog);
    await gone(rowA);
    await visible(a.getByTestId('channel-empty'));
    await visible(b.getByText('频道 #画室三号 已被删除'));
    await gone(b.getByTestId(`channel-item-${channelId}`));
    expect(channelIdFrom(b.url())).toBe(ownId);
    await text(b.getByTestId('channel-title')).toBe('#B的角落');
    await visible(b.getByTestId(`channel-item-${ownId}`));

    // The link is dead now: a clear screen with a way on (back to B's own channel).
    await b.goto(link);
    await visible(b.getByTestId('invite-invalid'));
    await b.getByTestId('invite-home').click();
    await b.waitForURL(new RegExp(`/draw/${ownId}$`));

    await a.close();
    await b.close();
    expect(problems).toEqual([]);
  }, 180_000);
});

// ---- Screenshots ------------------------------------------------------------------------------

describe('screenshots', () => {
  it('captures the dialogs, the member list and the invite screen in both themes and sizes', async () => {
    const owner = await apiSignIn('13800138011');
    const member = await apiSignIn('13800138012');
    const visitor = await apiSignIn('13800138013');
    const channel = await api<{ id: string }>('/api/draw/channel', {
      method: 'POST',
      token: owner.token,
      body: { title: '灵感画廊', isBan: true },
    });
    await api('/api/draw/channel', {
      method: 'POST',
      token: owner.token,
      body: { title: 'niji-动漫', isBan: false },
    });
    const invite = await api<{ inviteCode: string }>(`/api/draw/invite-code/${channel.id}`, {
      method: 'POST',
      token: owner.token,
      body: {},
    });
    await api(`/api/draw/join-channel/${invite.inviteCode}`, { method: 'POST', token: member.token });

    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'mobile'] as const) {
        const suffix = `${viewport}-${theme}`;
        const page = await signedInPage(owner, theme, viewport);
        await page.goto(`/draw/${channel.id}`);
        await text(page.getByTestId('channel-title')).toBe('#灵感画廊');

        if (viewport === 'desktop') {
          await visible(page.getByTestId(`member-${member.user.id}`));
          await page.getByTestId(`member-${member.user.id}`).hover();
          await screenshot(page, `member-panel-${suffix}`);
        } else {
          // Under 640 px the member list is not shown; the sidebar overlay carries the actions.
          expect(await page.getByTestId('member-list').count()).toBe(0);
          await page.getByTestId('sidebar-toggle').click();
          await visible(page.getByTestId(`channel-invite-${channel.id}`));
          await page.waitForTimeout(500);
          await screenshot(page, `channel-sidebar-${suffix}`);
        }

        await page.getByTestId(`channel-invite-${channel.id}`).click();
        await expect.poll(() => page.getByTestId('invite-link').inputValue()).toContain('/invite/');
        await page.waitForTimeout(500);
        await screenshot(page, `invite-dialog-${suffix}`);
        await page.keyboard.press('Escape');
        await gone(page.getByTestId('invite-dialog'));

        if (viewport === 'mobile') await page.getByTestId('sidebar-toggle').click();
        await page.getByTestId('channel-add').click();
        await visible(page.getByTestId('channel-create-dialog'));
        await page.getByTestId('channel-title-input').fill('x'.repeat(33));
        await page.getByTestId('channel-title-input').blur();
        await page.waitForTimeout(500);
        await screenshot(page, `create-dialog-${suffix}`);
        await page.close();

        const guest = await signedInPage(visitor, theme, viewport);
        await guest.goto(`/invite/${invite.inviteCode}`);
        await visible(guest.getByTestId('invite-join'));
        await screenshot(guest, `invite-screen-${suffix}`);
        await guest.goto('/invite/no-such-code');
        await visible(guest.getByTestId('invite-invalid'));
        await screenshot(guest, `invite-invalid-${suffix}`);
        await guest.close();
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
