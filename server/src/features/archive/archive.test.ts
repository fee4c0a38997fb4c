import http from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ArchiveFamily,
  ArchiveItem,
  ArchivePage,
  ArchiveZipEntry,
  FavoriteChange,
  Task,
} from '@draw/shared';
import { closeWithSockets, injectorFor, startListening, type TestApp } from '../../../test/support/harness';
import { connectSocket, type TestSocket } from '../../../test/support/socket';
import { callsDuring } from '../../../test/support/calls';
import { Channels, Members } from '../channels/repository';
import { Tasks } from '../tasks/repository';
import { zipEntries } from '../../../test/support/zip';

let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
type Session = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => ({ app, origin } = await startListening({ BUILTIN_ENGINE_STEP_MS: '0' })));
afterAll(() => closeWithSockets(app, sockets));
const { call, data } = injectorFor(() => app);

async function channel(owner: Session, ...others: Session[]) {
  const { id } = await data(call(owner, 'POST', '/api/draw/channel', { title: 'gallery', isBan: false }));
  const { inviteCode } = await data(call(owner, 'POST', `/api/draw/invite-code/${id}`, {}));
  for (const other of others) await call(other, 'POST', `/api/draw/join-channel/${inviteCode}`);
  return id as string;
}

async function waitForTask(session: Session, taskId: string): Promise<Task> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const task = (await data(call(session, 'GET', `/api/mj/task/${taskId}/fetch`))) as Task;
    if (task.status === 'SUCCESS') return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} is ${task.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const draw = async (session: Session, channelId: string, prompt: string) =>
  waitForTask(
    session,
    (await data(call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt }))).taskId,
  );
const press = async (session: Session, channelId: string, task: Task, label: string) => {
  const button = task.buttons.find((b) => b.label === label || b.customId.includes(label))!;
  return waitForTask(
    session,
    (
      await data(
        call(session, 'POST', `/api/mj/submit/action/${channelId}`, {
          taskId: task.id,
          customId: button.customId,
        }),
      )
    ).taskId,
  );
};

const archive = async (session: Session, query: Record<string, string | number | boolean> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const res = await call(session, 'GET', `/api/archive?${search}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ArchivePage;
};
const prompts = (page: ArchivePage) => page.items.map((item: ArchiveItem) => item.task.prompt);

/** A refusal that says nothing about whether the image exists: the same answer as for a made-up id. */
async function expectHidden(
  session: Session,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: (id: string) => string,
  taskId: string,
  body?: (id: string) => object,
) {
  const hidden = await call(session, method, url(taskId), body?.(taskId));
  const missing = await call(session, method, url('no-such-task'), body?.('no-such-task'));
  expect(hidden.statusCode).toBe(404);
  expect(hidden.json()).toMatchObject({ success: false, reason: 'not_found' });
  expect(hidden.json()).toEqual(missing.json());
}

describe('who sees which images', () => {
  it("shows another member's images only while the reader is in the channel, and the reader's own for good", async () => {
    const owner = await app.signIn();
    const ann = await app.signIn();
    const bob = await app.signIn();
    const shared = await channel(owner, ann, bob);
    const annsPicture = await draw(ann, shared, 'ann draws a red kite');
    const bobsPicture = await draw(bob, shared, 'bob draws a blue boat');

    expect(prompts(await archive(ann))).toEqual(['bob draws a blue boat', 'ann draws a red kite']);
    expect(prompts(await archive(ann, { scope: 'mine' }))).toEqual(['ann draws a red kite']);
    const outsider = await app.signIn();
    expect(prompts(await archive(outsider))).toEqual([]);
    await expectHidden(outsider, 'GET', (id) => `/api/archive/task/${id}/family`, bobsPicture.id);

    expect((await call(ann, 'POST', `/api/draw/quit-channel/${shared}`)).statusCode).toBe(200);
    const afterLeaving = await archive(ann);
    expect(prompts(afterLeaving)).toEqual(['ann draws a red kite']);
    expect(afterLeaving.items[0]!.channel).toEqual({ id: shared, title: 'gallery', open: false });
    expect(prompts(await archive(ann, { channelId: shared }))).toEqual(['ann draws a red kite']);
    await expectHidden(ann, 'GET', (id) => `/api/archive/task/${id}/family`, bobsPicture.id);
    await expectHidden(ann, 'PUT', (id) => `/api/archive/favorite/${id}`, bobsPicture.id);
    await expectHidden(ann, 'DELETE', (id) => `/api/archive/favorite/${id}`, bobsPicture.id);
    await expectHidden(
      ann,
      'POST',
      () => '/api/archive/zip',
      bobsPicture.id,
      (id) => ({ taskIds: [annsPicture.id, id] }),
    );

    expect((await call(owner, 'DELETE', `/api/draw/channel/${shared}`)).statusCode).toBe(200);
    expect(prompts(await archive(bob))).toEqual(['bob draws a blue boat']);
    expect(prompts(await archive(owner))).toEqual([]);
  });
});

describe('channel titles after leaving', () => {
  it('shows a channel one left, was removed or banned from under the title it had then, not its later renames', async () => {
    const owner = await app.signIn();
    const ann = await app.signIn();
    const bob = await app.signIn();
    const cat = await app.signIn();
    const room = await channel(owner, ann, bob, cat);
    for (const [who, prompt] of [
      [ann, 'ann'],
      [bob, 'bob'],
      [cat, 'cat'],
      [owner, 'owner'],
    ] as const)
      await draw(who, room, prompt);
    expect((await call(ann, 'POST', `/api/draw/quit-channel/${room}`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/draw/remove-user/${room}/${bob.user.id}`)).statusCode).toBe(200);
    expect(
      (await call(owner, 'POST', `/api/draw/channel/${room}/ban`, { userId: cat.user.id })).statusCode,
    ).toBe(200);
    expect(
      (await call(owner, 'PUT', `/api/draw/channel/${room}`, { title: 'renamed later', isBan: false }))
        .statusCode,
    ).toBe(200);

    for (const gone of [ann, bob, cat]) {
      const { items } = await archive(gone);
      expect(items.map((item) => item.channel)).toEqual([{ id: room, title: 'gallery', open: false }]);
    }
    expect((await archive(owner)).items.map((item) => item.channel.title)).toEqual([
      'renamed later',
      'renamed later',
      'renamed later',
      'renamed later',
    ]);

    // Back in the channel, the person follows its title again.
    const { inviteCode } = await data(call(owner, 'POST', `/api/draw/invite-code/${room}`, {}));
    expect((await call(ann, 'POST', `/api/draw/join-channel/${inviteCode}`)).statusCode).toBe(200);
    expect((await archive(ann, { scope: 'mine' })).items.map((item) => item.channel)).toEqual([
      { id: room, title: 'renamed later', open: true },
    ]);
  });
});

describe('work per request', () => {
  const MEMBERSHIP_READS = [Members, Channels];

  it("reads the person's channels once for a page, however many channels they are in", async () => {
    const few = await app.signIn();
    const many = await app.signIn();
    await draw(few, await channel(few), 'few');
    for (let i = 0; i < 12; i++) await channel(many);
    await draw(many, await channel(many), 'many');
    const readsFor = (session: Session) => callsDuring(app.storage, MEMBERSHIP_READS, () => archive(session));
    const [ofFew, ofMany] = [await readsFor(few), await readsFor(many)];
    expect(ofMany).toEqual(ofFew);
    expect(ofMany[Members.name]).toBe(1);
  });

  it("reads the person's channels once for a family, however many ancestors it walks", async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const room = await channel(bob, ann);
    // A chain of variations, each made from the one before (stored as the engine would: a new user's
    // credits pay for one drawing only).
    const first = await draw(bob, room, 'a chain of variations');
    const tasks = app.storage.collection(Tasks);
    const stored = (await tasks.findOne({ _id: first.id }))!;
    const chain = [first.id];
    for (let i = 1; i <= 5; i++) {
      chain.push(`${first.id}-v${i}`);
      await tasks.insertOne({
        ...stored,
        _id: chain[i]!,
        parentId: chain[i - 1]!,
        finishTime: stored.finishTime! + i,
      });
    }
    const familyOf = async (taskId: string) => {
      let family: ArchiveFamily | undefined;
      const calls = await callsDuring(app.storage, MEMBERSHIP_READS, async () => {
        family = (await data(call(ann, 'GET', `/api/archive/task/${taskId}/family`))) as ArchiveFamily;
      });
      return { family: family!, calls };
    };
    const short = await familyOf(chain[1]!);
    const long = await familyOf(chain.at(-1)!);
    expect(short.family.ancestors).toHaveLength(1);
    expect(long.family.ancestors.map((item) => item.task.id)).toEqual(chain.slice(0, -1));
    expect(long.calls).toEqual(short.calls);
    expect(long.calls[Members.name]).toBe(1);
  });
});

describe('filters and pages', () => {
  it('searches the prompt in Chinese and English, filters by kind, shape and date, and pages by cursor without repeats', async () => {
    const ann = await app.signIn();
    const room = await channel(ann);
    const cat = await draw(ann, room, '一只橘猫在屋顶上晒太阳 --ar 16:9');
    await draw(ann, room, 'A Lighthouse at dusk');
    const sea = await draw(ann, room, '海边的灯塔 lighthouse');
    const upscaled = await press(ann, room, cat, 'U1');

    expect(prompts(await archive(ann, { q: '橘猫' }))).toEqual([upscaled.prompt, cat.prompt]);
    expect(prompts(await archive(ann, { q: '灯塔' }))).toEqual(['海边的灯塔 lighthouse']);
    expect(prompts(await archive(ann, { q: 'LIGHTHOUSE' }))).toEqual([
      '海边的灯塔 lighthouse',
      'A Lighthouse at dusk',
    ]);
    expect(prompts(await archive(ann, { q: '猫狗' }))).toEqual([]);
    expect((await archive(ann, { kind: 'upscale' })).items.map((i) => i.task.id)).toEqual([upscaled.id]);
    expect((await archive(ann, { kind: 'grid', q: '橘猫' })).items.map((i) => i.task.id)).toEqual([cat.id]);
    expect((await archive(ann, { ratio: 'landscape', kind: 'grid' })).items.map((i) => i.task.id)).toEqual([
      cat.id,
    ]);
    expect((await archive(ann, { from: sea.finishTime!, kind: 'grid' })).items.map((i) => i.task.id)).toEqual(
      [sea.id],
    );
    expect((await archive(ann, { to: cat.finishTime!, kind: 'grid' })).items.map((i) => i.task.id)).toEqual([
      cat.id,
    ]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ArchivePage = await archive(ann, { limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((i) => i.task.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual((await archive(ann)).items.map((i) => i.task.id));
    expect(seen).toHaveLength(4);
  });

  it('keeps clips: listed with their poster and clip, found by the Clips filter, and zipped as the clip itself', async () => {
    const ann = await app.signIn();
    const room = await channel(ann);
    const grid = await draw(ann, room, 'a river at dawn --ar 3:2');
    const upscaled = await press(ann, room, grid, 'U1');
    const clip = await press(ann, room, upscaled, 'Animate (Low motion)');
    expect(clip.action).toBe('VIDEO');

    const all = await archive(ann);
    expect(all.items.map((i) => i.task.id)).toEqual([clip.id, upscaled.id, grid.id]);
    expect(all.items[0]!.task).toMatchObject({
      imageUrl: expect.stringMatching(/^\/files\//),
      videoUrl: expect.stringMatching(/^\/files\/[\w-]+\.webp$/),
    });
    expect((await archive(ann, { kind: 'clip' })).items.map((i) => i.task.id)).toEqual([clip.id]);
    expect((await archive(ann, { kind: 'upscale' })).items.map((i) => i.task.id)).toEqual([upscaled.id]);

    const res = await fetch(`${origin}/api/archive/zip`, {
      method: 'POST',
      headers: { authorization: ann.auth.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ taskIds: [clip.id, grid.id] }),
    });
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="a-river-at-dawn.zip"; filename*=UTF-8''a-river-at-dawn.zip`,
    );
    const files = await zipEntries(Buffer.from(await res.arrayBuffer()));
    const listing = JSON.parse(files.get('prompts.json')!.toString('utf8')) as ArchiveZipEntry[];
    expect(listing.map((e) => e.file)).toEqual([
      expect.stringMatching(/^a-river-at-dawn-[a-z0-9]{4}\.webp$/),
      expect.stringMatching(/^a-river-at-dawn-[a-z0-9]{4}\.png$/),
    ]);
    const served = Buffer.from(await (await fetch(`${origin}${clip.videoUrl}`)).arrayBuffer());
    expect(files.get(listing[0]!.file)!.equals(served)).toBe(true);
  });

  it('refuses a forged cursor, a reversed date range, an unknown kind and a page too large, with the envelope', async () => {
    const ann = await app.signIn();
    for (const query of [
      'cursor=bm90LWEtY3Vyc29y',
      'from=200&to=100',
      'kind=sculpture',
      'limit=1000',
      'scope=theirs',
    ]) {
      const res = await call(ann, 'GET', `/api/archive?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, reason: 'bad_request' });
    }
    const signedOut: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', '/api/archive'],
      ['PUT', '/api/archive/favorite/t1'],
      ['DELETE', '/api/archive/favorite/t1'],
      ['POST', '/api/archive/favorites', { taskIds: ['t1'] }],
      ['GET', '/api/archive/task/t1/family'],
    ];
    for (const [method, url, body] of signedOut) {
      const res = await call(null, method, url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ success: false, reason: 'unauthorized' });
    }
    for (const [method, url] of [
      ['PUT', '/api/archive/favorite/bad%20id'],
      ['GET', '/api/archive/task/bad%20id/family'],
    ] as const) {
      const res = await call(ann, method, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, reason: 'bad_request' });
    }
  });
});

describe('favourites', () => {
  it('stars privately, lists favourites only, and tells every device of the person at once', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const room = await channel(ann, bob);
    const kite = await draw(ann, room, 'kite');
    await draw(ann, room, 'boat');
    const phone = await connectSocket(origin, ann.token);
    const laptop = await connectSocket(origin, ann.token);
    const bobs = await connectSocket(origin, bob.token);
    sockets.push(phone, laptop, bobs);
    const heard = (socket: TestSocket) => {
      const changes: FavoriteChange[] = [];
      socket.on('archive:favorite', (change) => changes.push(change));
      return changes;
    };
    const onPhone = heard(phone);
    const onLaptop = heard(laptop);
    const onBobs = heard(bobs);

    expect(await data(call(ann, 'PUT', `/api/archive/favorite/${kite.id}`))).toEqual({
      taskId: kite.id,
      favorite: true,
    });
    expect(await data(call(ann, 'PUT', `/api/archive/favorite/${kite.id}`))).toEqual({
      taskId: kite.id,
      favorite: true,
    });
    expect(prompts(await archive(ann, { favorite: true }))).toEqual(['kite']);
    expect((await archive(ann)).items.map((i) => [i.task.prompt, i.favorite])).toEqual([
      ['boat', false],
      ['kite', true],
    ]);
    expect((await archive(bob)).items.map((i) => i.favorite)).toEqual([false, false]);
    expect(prompts(await archive(bob, { favorite: true }))).toEqual([]);

    const boat = (await archive(ann, { q: 'boat' })).items[0]!.task;
    expect(
      await data(
        call(ann, 'POST', '/api/archive/favorites', { taskIds: [kite.id, boat.id, 'no-such-task'] }),
      ),
    ).toEqual([kite.id]);
    expect(await data(call(bob, 'POST', '/api/archive/favorites', { taskIds: [kite.id] }))).toEqual([]);
    expect((await call(ann, 'POST', '/api/archive/favorites', { taskIds: [] })).statusCode).toBe(400);

    await data(call(ann, 'DELETE', `/api/archive/favorite/${kite.id}`));
    expect(prompts(await archive(ann, { favorite: true }))).toEqual([]);
    await expect.poll(() => onLaptop.length).toBe(3);
    expect(onPhone).toEqual([
      { taskId: kite.id, favorite: true },
      { taskId: kite.id, favorite: true },
      { taskId: kite.id, favorite: false },
    ]);
    expect(onLaptop).toEqual(onPhone);
    expect(onBobs).toEqual([]);
  });
});

describe('family', () => {
  it('gives the chain of parents and the images made from one, each visible to the reader', async () => {
    const ann = await app.signIn();
    const room = await channel(ann);
    const grid = await draw(ann, room, 'a tower');
    const u2 = await press(ann, room, grid, 'U2');
    const zoomed = await press(ann, room, u2, 'Zoom Out 2x');
    const v1 = await press(ann, room, grid, 'V1');

    const ofU2 = (await data(call(ann, 'GET', `/api/archive/task/${u2.id}/family`))) as ArchiveFamily;
    expect(ofU2.item.task.id).toBe(u2.id);
    expect(ofU2.ancestors.map((i) => i.task.id)).toEqual([grid.id]);
    expect(ofU2.children.map((i) => i.task.id)).toEqual([zoomed.id]);
    const ofZoom = (await data(call(ann, 'GET', `/api/archive/task/${zoomed.id}/family`))) as ArchiveFamily;
    expect(ofZoom.ancestors.map((i) => i.task.action)).toEqual(['IMAGINE', 'UPSCALE']);
    const ofGrid = (await data(call(ann, 'GET', `/api/archive/task/${grid.id}/family`))) as ArchiveFamily;
    expect(ofGrid.children.map((i) => i.task.id)).toEqual([u2.id, v1.id]);
  });
});

describe('ZIP download', () => {
  it('streams the chosen images with a prompts.json listing each one', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const room = await channel(ann, bob);
    const kite = await draw(ann, room, '风筝 kite');
    const boat = await draw(bob, room, 'boat');
    const res = await fetch(`${origin}/api/archive/zip`, {
      method: 'POST',
      headers: { authorization: ann.auth.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ taskIds: [kite.id, boat.id] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    // Named from what it holds: the first prompt and how many more; each image from its prompt.
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="__-kite-and-1-more.zip"; filename*=UTF-8''${encodeURIComponent('风筝-kite-and-1-more.zip')}`,
    );
    const files = await zipEntries(Buffer.from(await res.arrayBuffer()));
    const listing = JSON.parse(files.get('prompts.json')!.toString('utf8')) as ArchiveZipEntry[];
    expect(listing.map((e) => [e.taskId, e.prompt, e.author])).toEqual([
      [kite.id, '风筝 kite', ann.user.name],
      [boat.id, 'boat', bob.user.name],
    ]);
    expect(listing.map((e) => e.file)).toEqual([
      expect.stringMatching(/^风筝-kite-[a-z0-9]{4}\.png$/),
      expect.stringMatching(/^boat-[a-z0-9]{4}\.png$/),
    ]);
    expect([...files.keys()].sort()).toEqual(['prompts.json', ...listing.map((e) => e.file)].sort());
    const original = Buffer.from(await (await fetch(`${origin}${kite.imageUrl}`)).arrayBuffer());
    expect(files.get(listing[0]!.file)!.equals(original)).toBe(true);
  });

  afterEach(() => vi.restoreAllMocks());

  /** The streams the blob store hands out from now on, each as the store made it unless `instead` gives another. */
  function recordOpens(instead?: (index: number) => Readable | undefined) {
    const opened: Readable[] = [];
    const open = app.services.blobs.open.bind(app.services.blobs);
    vi.spyOn(app.services.blobs, 'open').mockImplementation(async (key) => {
      const blob = await open(key);
      const stream = instead?.(opened.length) ?? blob?.stream;
      if (stream !== blob?.stream) blob?.stream.destroy();
      if (stream) opened.push(stream);
      return stream ? { stream, size: blob?.size ?? 0 } : null;
    });
    return opened;
  }

  /** A download the client leaves once `bytes` have come, as a closed tab or a cancelled save does. */
  function leaveDownload(session: Session, taskIds: string[], bytes: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${origin}/api/archive/zip`,
        {
          method: 'POST',
          headers: { authorization: session.auth.authorization, 'content-type': 'application/json' },
        },
        (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received >= bytes) {
              request.destroy();
              resolve(received);
            }
          });
          res.on('end', () =>
            reject(new Error(`the whole ZIP came (${received} bytes) before the client left`)),
          );
        },
      );
      request.on('error', () => undefined);
      request.end(JSON.stringify({ taskIds }));
    });
  }

  const until = async (what: string, check: () => boolean) => {
    for (let tries = 0; !check(); tries++) {
      if (tries > 400) throw new Error(`never: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('stops when the client leaves: the image being read is closed and no other is opened', async () => {
    const ann = await app.signIn();
    const room = await channel(ann);
    const pictures = [
      await draw(ann, room, 'one'),
      await draw(ann, room, 'two'),
      await draw(ann, room, 'three'),
    ];
    // The second image never ends, as a large file does while its reader waits: the client leaves inside it.
    const endless = new PassThrough();
    endless.write(Buffer.alloc(64 * 1024, 7));
    const firstImage = (await fetch(`${origin}${pictures[0]!.imageUrl}`).then((r) => r.arrayBuffer()))
      .byteLength;
    const opened = recordOpens((index) => (index === 1 ? endless : undefined));

    await leaveDownload(
      ann,
      pictures.map((p) => p.id),
      firstImage + 32 * 1024,
    );
    await until('the endless image is destroyed', () => endless.destroyed);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened).toHaveLength(2);
    expect(opened.every((stream) => stream.destroyed)).toBe(true);
  });

  it('closes every image file of downloads left after their first bytes', async () => {
    const ann = await app.signIn();
    const room = await channel(ann);
    const ids: string[] = [];
    for (const prompt of ['a', 'b', 'c']) ids.push((await draw(ann, room, `harbour ${prompt}`)).id);
    const opened = recordOpens();
    const left = 10;
    for (let i = 0; i < left; i++) await leaveDownload(ann, ids, 1);
    await until(
      'every image opened is closed',
      () => opened.length > 0 && opened.every((stream) => stream.destroyed),
    );
    // One image at a time: never more opened than downloads started.
    expect(opened.length).toBeLessThanOrEqual(left * 2);
  });

  it('cuts the download short when an image cannot be read, and keeps serving', async () => {
    const ann = await app.signIn();
    const room = await channel(ann);
    const pictures = [await draw(ann, room, 'kept'), await draw(ann, room, 'unreadable')];
    const failing = new PassThrough();
    recordOpens((index) => {
      if (index !== 1) return undefined;
      setImmediate(() => failing.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })));
      return failing;
    });
    const cut = await fetch(`${origin}/api/archive/zip`, {
      method: 'POST',
      headers: { authorization: ann.auth.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ taskIds: pictures.map((p) => p.id) }),
    });
    expect(cut.status).toBe(200);
    await expect(cut.arrayBuffer()).rejects.toThrow(/terminated/);

    vi.restoreAllMocks();
    const whole = await fetch(`${origin}/api/archive/zip`, {
      method: 'POST',
      headers: { authorization: ann.auth.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ taskIds: pictures.map((p) => p.id) }),
    });
    expect((await zipEntries(Buffer.from(await whole.arrayBuffer()))).size).toBe(3);
  });

  it('refuses an empty list, more than 500 images and signed-out callers', async () => {
    const ann = await app.signIn();
    const ids = Array.from({ length: 501 }, (_, i) => `t${i}`);
    for (const taskIds of [[], ids]) {
      const res = await call(ann, 'POST', '/api/archive/zip', { taskIds });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, reason: 'bad_request' });
    }
    expect((await call(null, 'POST', '/api/archive/zip', { taskIds: ['x'] })).statusCode).toBe(401);
  });
});
