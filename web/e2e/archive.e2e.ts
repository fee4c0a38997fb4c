import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { ArchiveZipEntry, Task } from '@draw/shared';
import { axeFindings } from './axe';
import { screenshot } from './harness';
import { browserSuite, text, visible, type Session } from './suite';

/**
 * The archive (图库) in two browsers: A sees B's images while both are in the channel, and B keeps
 * their own after leaving; search in Chinese and English; a star set on one of A's pages shows on
 * A's other page at once; the family links lead from an upscale to its grid; a ZIP of two images
 * is downloaded and its files checked. Screenshots light/dark, desktop/phone.
 */

const { problems, api, apiSignIn: signInAs, signedInPage } = browserSuite();

let phone = 13800152000;
const apiSignIn = () => {
  phone += 1;
  return signInAs(String(phone));
};

async function waitForSuccess(session: Session, taskId: string): Promise<Task> {
  for (let i = 0; i < 400; i++) {
    const task = await api<Task>(`/api/mj/task/${taskId}/fetch`, { token: session.token });
    if (task.status === 'SUCCESS') return task;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${taskId} did not finish`);
}

const draw = async (session: Session, channelId: string, prompt: string) =>
  waitForSuccess(
    session,
    (
      await api<{ taskId: string }>(`/api/mj/submit/imagine/${channelId}`, {
        method: 'POST',
        token: session.token,
        body: { prompt },
      })
    ).taskId,
  );

const tiles = (page: Page) => page.getByTestId('archive-item');
const tile = (page: Page, taskId: string) =>
  page.locator(`[data-testid="archive-item"][data-task-id="${taskId}"]`);
/** Screenshots wait until every image on screen has been decoded. */
async function shot(page: Page, name: string) {
  await expect
    .poll(
      () =>
        page.locator('img').evaluateAll((images) => images.every((i) => (i as HTMLImageElement).complete)),
      { timeout: 20_000 },
    )
    .toBe(true);
  await screenshot(page, name);
  // Each screen shown, both themes and widths: nothing serious or critical for axe.
  expect(await axeFindings(page), name).toEqual([]);
}
const tileCount = (page: Page) => expect.poll(() => tiles(page).count(), { timeout: 20_000 });

function zipNames(file: string): Promise<{ names: string[]; listing: ArchiveZipEntry[] }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      let listing: ArchiveZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== 'prompts.json') return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            listing = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ArchiveZipEntry[];
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve({ names, listing }));
      zip.readEntry();
    });
  });
}

describe('archive', () => {
  it('finds, stars, links and zips images, for two people, live across devices', async () => {
    const ann = await apiSignIn();
    const bob = await apiSignIn();
    const room = await api<{ id: string }>('/api/draw/channel', {
      method: 'POST',
      token: ann.token,
      body: { title: '画廊', isBan: false },
    });
    const { inviteCode } = await api<{ inviteCode: string }>(`/api/draw/invite-code/${room.id}`, {
      method: 'POST',
      token: ann.token,
      body: {},
    });
    await api(`/api/draw/join-channel/${inviteCode}`, { method: 'POST', token: bob.token });

    const cat = await draw(ann, room.id, '一只橘猫在屋顶上晒太阳');
    const lighthouse = await draw(bob, room.id, 'A lighthouse at dusk, oil painting --ar 3:2');
    const u1 = cat.buttons.find((b) => b.label === 'U1')!;
    const upscaled = await waitForSuccess(
      ann,
      (
        await api<{ taskId: string }>(`/api/mj/submit/action/${room.id}`, {
          method: 'POST',
          token: ann.token,
          body: { taskId: cat.id, customId: u1.customId },
        })
      ).taskId,
    );

    // ---- A sees three images, B's among them; search in Chinese and in English ---------------
    const desk = await signedInPage(ann, 'dark');
    await desk.setViewportSize({ width: 1440, height: 900 });
    await desk.goto('/draw');
    await desk.getByTestId('rail-archive').click();
    await desk.waitForURL('**/archive');
    await tileCount(desk).toBe(3);
    await expect
      .poll(() => tiles(desk).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-task-id'))))
      .toEqual([upscaled.id, lighthouse.id, cat.id]);

    await desk.getByTestId('archive-search').fill('橘猫');
    await tileCount(desk).toBe(2);
    await desk.getByTestId('archive-search').fill('LIGHTHOUSE');
    await tileCount(desk).toBe(1);
    await visible(tile(desk, lighthouse.id));
    await desk.getByTestId('archive-clear-filters').click();
    await tileCount(desk).toBe(3);
    await desk.getByTestId('archive-scope').selectOption('mine');
    await tileCount(desk).toBe(2);
    await desk.getByTestId('archive-scope').selectOption('all');
    await tileCount(desk).toBe(3);

    // ---- A star on the desk shows on A's phone at once, and back ------------------------------
    const phonePage = await signedInPage(ann, 'light', 'mobile');
    await phonePage.goto('/archive');
    await tileCount(phonePage).toBe(3);
    // A phone shows no checkbox or star over the pictures until Select is on.
    expect(await tile(phonePage, lighthouse.id).getByTestId('archive-star').count()).toBe(0);
    await phonePage.getByTestId('archive-select-mode').click();
    await tile(desk, lighthouse.id).hover();
    await tile(desk, lighthouse.id).getByTestId('archive-star').click();
    await expect
      .poll(() => tile(phonePage, lighthouse.id).getAttribute('data-favorite'), { timeout: 20_000 })
      .toBe('true');
    await tile(phonePage, lighthouse.id).getByTestId('archive-star').click();
    await expect
      .poll(() => tile(desk, lighthouse.id).getAttribute('data-favorite'), { timeout: 20_000 })
      .toBe('false');
    await tile(desk, cat.id).hover();
    await tile(desk, cat.id).getByTestId('archive-star').click();
    await desk.getByTestId('archive-favorites').click();
    await tileCount(desk).toBe(1);
    await visible(tile(desk, cat.id));
    await desk.getByTestId('archive-favorites').click();
    await tileCount(desk).toBe(3);

    // ---- Details and family: the upscale leads to its grid and back ---------------------------
    await tile(desk, upscaled.id).locator('img').click();
    const details = desk.getByTestId('archive-details');
    await visible(details);
    await text(details).toContain('一只橘猫在屋顶上晒太阳');
    await text(details).toContain('放大（第 1 张）');
    await desk.locator(`[data-testid="archive-family-link"][data-task-id="${cat.id}"]`).click();
    await text(details).toContain('四宫格');
    await visible(desk.locator(`[data-testid="archive-family-link"][data-task-id="${upscaled.id}"]`));
    await shot(desk, 'archive-desktop-dark');

    // ---- Select two and download the ZIP; its files are those two and prompts.json -------------
    await desk.getByTestId('archive-details-close').click();
    await tile(desk, cat.id).hover();
    await tile(desk, cat.id).getByTestId('archive-select').click();
    await tile(desk, lighthouse.id).getByTestId('archive-select').click();
    await text(desk.getByTestId('archive-selected-count')).toBe('已选 2 张');
    const [download] = await Promise.all([
      desk.waitForEvent('download', { timeout: 30_000 }),
      desk.getByTestId('archive-zip').click(),
    ]);
    // Named from the prompts it holds, as each file inside is.
    expect(download.suggestedFilename()).toBe('一只橘猫在屋顶上晒太阳-and-1-more.zip');
    const file = await download.path();
    const { names, listing } = await zipNames(file);
    expect(listing.map((e) => [e.taskId, e.prompt])).toEqual([
      [cat.id, '一只橘猫在屋顶上晒太阳'],
      [lighthouse.id, 'A lighthouse at dusk, oil painting --ar 3:2'],
    ]);
    expect(names.sort()).toEqual(['prompts.json', ...listing.map((e) => e.file)].sort());
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    // ---- The same stars on the channel's task cards, both ways and live -----------------------
    // "Open in channel" leads to the image's own card in the channel.
    await desk.getByTestId('archive-clear-selection').click();
    await tile(desk, cat.id).locator('img').click();
    await desk.getByTestId('archive-open-channel').click();
    await desk.waitForURL(`**/draw/${room.id}**`);
    await visible(desk.getByTestId(`task-card-${cat.id}`));
    await expect
      .poll(() => desk.getByTestId(`task-card-${cat.id}`).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => new URL(desk.url()).search, { timeout: 20_000 }).toBe('');
    await expect
      .poll(() => desk.getByTestId(`task-star-${cat.id}`).getAttribute('aria-pressed'), { timeout: 20_000 })
      .toBe('true');
    await expect
      .poll(() => desk.getByTestId(`task-star-${lighthouse.id}`).getAttribute('aria-pressed'), {
        timeout: 20_000,
      })
      .toBe('false');
    await desk.getByTestId(`task-star-${lighthouse.id}`).click();
    await expect
      .poll(() => tile(phonePage, lighthouse.id).getAttribute('data-favorite'), { timeout: 20_000 })
      .toBe('true');
    await tile(phonePage, cat.id).getByTestId('archive-star').click();
    await expect
      .poll(() => desk.getByTestId(`task-star-${cat.id}`).getAttribute('aria-pressed'), { timeout: 20_000 })
      .toBe('false');
    await desk.getByTestId(`task-star-${lighthouse.id}`).scrollIntoViewIfNeeded();
    await shot(desk, 'archive-channel-star-dark');

    // ---- B leaves: B keeps B's own image, and no longer sees A's ------------------------------
    await api(`/api/draw/quit-channel/${room.id}`, { method: 'POST', token: bob.token });
    const bobPage = await signedInPage(bob, 'light');
    await bobPage.setViewportSize({ width: 1440, height: 900 });
    await bobPage.goto('/archive');
    await tileCount(bobPage).toBe(1);
    await visible(tile(bobPage, lighthouse.id));
    await shot(bobPage, 'archive-desktop-light-after-leaving');

    // ---- Screenshots: the phone, light and dark, grid and details -----------------------------
    await shot(phonePage, 'archive-phone-light-selecting');
    await phonePage.getByTestId('archive-select-mode').click();
    await shot(phonePage, 'archive-phone-light');
    await phonePage.getByTestId('archive-filters-open').click();
    await visible(phonePage.getByTestId('archive-filters-sheet'));
    await shot(phonePage, 'archive-phone-light-filters');
    await phonePage.keyboard.press('Escape');
    await tile(phonePage, upscaled.id).locator('img').click();
    await visible(phonePage.getByTestId('archive-details'));
    await shot(phonePage, 'archive-phone-light-details');
    const phoneDark = await signedInPage(ann, 'dark', 'mobile');
    await phoneDark.goto('/archive');
    // B's image stays in A's archive: it was made in a channel A is still in.
    await tileCount(phoneDark).toBe(3);
    await shot(phoneDark, 'archive-phone-dark');
    const deskLight = await signedInPage(ann, 'light');
    await deskLight.setViewportSize({ width: 1440, height: 900 });
    await deskLight.goto('/archive');
    await tileCount(deskLight).toBe(3);
    await tile(deskLight, cat.id).locator('img').click();
    await visible(deskLight.getByTestId('archive-details'));
    await shot(deskLight, 'archive-desktop-light');
    // "Reuse" opens the channel's composer with the prompt filled in, ready to send.
    await deskLight.getByTestId('archive-reuse').click();
    await deskLight.waitForURL(`**/draw/${room.id}`);
    await expect
      .poll(() => deskLight.getByTestId('composer-input').inputValue(), { timeout: 20_000 })
      .toBe('/imagine 一只橘猫在屋顶上晒太阳');

    expect(problems.filter((p) => !p.includes('favicon'))).toEqual([]);
  });
});
