import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, Task } from '@draw/shared';
import { injectorFor, startTestApp, type TestApp } from '../../../test/support/harness';

let app: TestApp;
type Session = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  app = await startTestApp({ BUILTIN_ENGINE_STEP_MS: '0', COMPANY_NAME: 'Drawspace' });
});
afterAll(() => app?.close());
const here = injectorFor(() => app);
const { call, data } = here;

async function channel(owner: Session, ...others: Session[]): Promise<string> {
  const { id } = await data(call(owner, 'POST', '/api/draw/channel', { title: 'secret room', isBan: false }));
  const { inviteCode } = await data(call(owner, 'POST', `/api/draw/invite-code/${id}`, {}));
  for (const other of others) await call(other, 'POST', `/api/draw/join-channel/${inviteCode}`);
  return id as string;
}

/** Submits an imagine and waits for it to finish, on this file's app or on `on`'s. */
async function draw(session: Session, channelId: string, prompt: string, on = here): Promise<Task> {
  const { taskId } = await on.data(
    on.call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt }),
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const task = (await on.data(on.call(session, 'GET', `/api/mj/task/${taskId}/fetch`))) as Task;
    if (task.status === 'SUCCESS') return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} is ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const share = (session: Session | null, taskId: string) => call(session, 'POST', `/api/share/${taskId}`);
const unshare = (session: Session | null, taskId: string) => call(session, 'DELETE', `/api/share/${taskId}`);
const linkOf = async (session: Session, taskId: string, on = here) => {
  const res = await on.call(session, 'POST', `/api/share/${taskId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
};
/** The page as a stranger's browser gets it: no token, the path alone. */
const open = (url: string, language = 'en-US') =>
  app.http.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'accept-language': language } });
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

async function rename(session: Session, name: string) {
  const res = await call(session, 'PUT', '/api/home/info', { name });
  expect(res.statusCode, res.body).toBe(200);
}

describe('sharing a result', () => {
  let author: Session;
  let member: Session;
  let stranger: Session;
  let channelId: string;
  let task: Task;

  beforeAll(async () => {
    [author, member, stranger] = [await app.signIn(), await app.signIn(), await app.signIn()];
    await rename(author, 'Ada');
    await rename(member, 'Grace the member');
    channelId = await channel(author, member);
    task = await draw(author, channelId, 'a lighthouse at dusk');
  });

  it('gives the author an absolute link; signed out, the page shows the image, the prompt and the author’s name only', async () => {
    const url = await linkOf(author, task.id);
    expect(url).toMatch(/^http:\/\/localhost(:80)?\/s\/[A-Za-z0-9_-]{24}$/);
    // Asking again gives the same link.
    expect(await linkOf(author, task.id)).toBe(url);

    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.body).toContain('a lighthouse at dusk');
    expect(page.body).toContain('Ada');
    expect(page.body).not.toContain('secret room');
    expect(page.body).not.toContain('Grace the member');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).not.toContain('<script');

    // The preview tags name absolute URLs, and the image they name is served to anyone.
    expect(metaOf(page.body, 'og:type')).toBe('website');
    expect(metaOf(page.body, 'og:title')).toContain('Ada');
    expect(metaOf(page.body, 'og:description')).toBe('a lighthouse at dusk');
    expect(metaOf(page.body, 'og:url')).toBe(url);
    const image = metaOf(page.body, 'og:image')!;
    expect(image).toBe(`${url}/image`);
    expect(metaOf(page.body, 'twitter:card')).toBe('summary_large_image');
    const bytes = await app.http.inject({ method: 'GET', url: new URL(image).pathname });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.length).toBeGreaterThan(100);
    expect(bytes.headers['cache-control']).toBe('public, max-age=60');
  });

  it('speaks the reader’s language', async () => {
    const page = await open(await linkOf(author, task.id), 'zh-TW,zh;q=0.9');
    expect(page.body).toContain('<html lang="zh-TW">');
    expect(page.body).toContain('提示詞');
  });

  it('stops at once when revoked: the page and its image answer 404', async () => {
    const mine = await draw(author, channelId, 'a short-lived link');
    const url = await linkOf(author, mine.id);
    expect((await open(url)).statusCode).toBe(200);
    const revoked = await unshare(author, mine.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const page = await open(url);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect((await app.http.inject({ method: 'GET', url: `${new URL(url).pathname}/image` })).statusCode).toBe(
      404,
    );
    // Sharing again makes a new link; the old one stays dead.
    const again = await linkOf(author, mine.id);
    expect(again).not.toBe(url);
    expect((await open(url)).statusCode).toBe(404);
    expect((await open(again)).statusCode).toBe(200);
  });

  it('lets a member share another’s result only when the creator allows it', async () => {
    const refused = await share(member, task.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, reason: 'forbidden' });
    expect((await unshare(member, task.id)).statusCode).toBe(400);

    // Only the creator may change the setting.
    const byMember = await call(member, 'PUT', `/api/draw/channel/${channelId}`, {
      title: 'secret room',
      isBan: false,
      membersMayShare: true,
    });
    expect(byMember.statusCode).toBe(400);
    const allowed = await call(author, 'PUT', `/api/draw/channel/${channelId}`, {
      title: 'secret room',
      isBan: false,
      membersMayShare: true,
    });
    expect((allowed.json().data as Channel).membersMayShare).toBe(true);
    expect(await linkOf(member, task.id)).toMatch(/\/s\//);

    // A rename without the field leaves it as it is.
    const renamed = await call(author, 'PUT', `/api/draw/channel/${channelId}`, {
      title: 'renamed',
      isBan: false,
    });
    expect((renamed.json().data as Channel).membersMayShare).toBe(true);
    await call(author, 'PUT', `/api/draw/channel/${channelId}`, {
      title: 'secret room',
      isBan: false,
      membersMayShare: false,
    });
  });

  it('refuses someone outside the channel, and anyone signed out', async () => {
    const outside = await share(stranger, task.id);
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ reason: 'forbidden' });
    expect((await share(null, task.id)).statusCode).toBe(401);
    expect((await unshare(null, task.id)).statusCode).toBe(401);
    expect((await share(author, 'no-such-task')).statusCode).toBe(404);
  });

  it('never serves an image an admin hid: no new link, and the standing link stops', async () => {
    const hiddenTask = await draw(author, channelId, 'something reported');
    const url = await linkOf(author, hiddenTask.id);
    await app.services.moderation.setHidden(
      {
        _id: hiddenTask.id,
        channelId,
        fileKeys: [hiddenTask.imageUrl!.replace('/files/', '')],
        hiddenBy: 'admin',
      },
      true,
    );
    expect((await open(url)).statusCode).toBe(404);
    expect((await app.http.inject({ method: 'GET', url: `${new URL(url).pathname}/image` })).statusCode).toBe(
      404,
    );
    const refused = await share(author, hiddenTask.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('hid');
  });

  it('escapes a hostile prompt and name everywhere on the page', async () => {
    const hostile = `"><script>alert('x')</script><img src=x onerror=alert(1)>&`;
    await rename(author, `</title><b>x</b>"'`);
    const evil = await draw(author, channelId, hostile);
    const page = await open(await linkOf(author, evil.id));
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(page.body).toContain('&lt;/title&gt;&lt;b&gt;x&lt;/b&gt;&quot;&#39;');
    expect(metaOf(page.body, 'og:description')).toContain('&quot;&gt;&lt;script&gt;');
    await rename(author, 'Ada');
  });

  it('answers 404 for a made-up or malformed token', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc'])
      expect((await app.http.inject({ method: 'GET', url: `/s/${token}` })).statusCode).toBe(404);
  });
});

describe('a link under the configured public origin', () => {
  let configured: TestApp;
  afterAll(() => configured?.close());

  it('is made under PUBLIC_URL, whatever host the request came to', async () => {
    configured = await startTestApp({ BUILTIN_ENGINE_STEP_MS: '0', PUBLIC_URL: 'https://draw.example.com' });
    const there = injectorFor(() => configured);
    const owner = await configured.signIn();
    const { id } = await there.data(
      there.call(owner, 'POST', '/api/draw/channel', { title: 'c', isBan: false }),
    );
    // Finished first, then shared once: polling the share route ran into its own rate limit
    // (30 a minute) when the image took more than a second on a busy machine.
    const task = await draw(owner, id, 'a fox', there);
    const url = await linkOf(owner, task.id, there);
    expect(url).toMatch(/^https:\/\/draw\.example\.com\/s\/[A-Za-z0-9_-]{24}$/);
    const page = await configured.http.inject({ method: 'GET', url: new URL(url).pathname });
    expect(metaOf(page.body, 'og:image')).toBe(`${url}/image`);
  });
});
