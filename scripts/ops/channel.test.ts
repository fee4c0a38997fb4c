import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { nextPhone, startTestApp, type TestApp } from '../../server/test/support/harness';
import { channelExport, channelSummary, runChannel, type ChannelExport } from './channel';
import { openReadSource } from './source';
import { CLI_TIMEOUT, capture, opsConfig, runCli } from './testing';

let app: TestApp;
const annPhone = nextPhone();
let ann: Awaited<ReturnType<TestApp['signIn']>>;
let bob: Awaited<ReturnType<TestApp['signIn']>>;
let channelId: string;
let inviteCode: string;
let deletedChannelId: string;

const post = async (session: typeof ann, url: string, payload: object = {}) =>
  (await app.http.inject({ method: 'POST', url, headers: session.auth, payload })).json().data;

async function waitDone(taskId: string): Promise<Task> {
  for (let i = 0; i < 400; i++) {
    const task = (await app.http.inject({ url: `/api/mj/task/${taskId}/fetch`, headers: ann.auth })).json()
      .data as Task;
    if (task.status === 'SUCCESS') return task;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('task did not finish');
}

beforeAll(async () => {
  app = await startTestApp();
  ann = await app.signIn(annPhone);
  bob = await app.signIn();
  channelId = (await post(ann, '/api/draw/channel', { title: '纸船 boats', isBan: false })).id;
  inviteCode = (await post(ann, `/api/draw/invite-code/${channelId}`)).inviteCode;
  await post(bob, `/api/draw/join-channel/${inviteCode}`);
  const hello = await post(ann, `/api/draw/chat/${channelId}`, { content: 'hello' });
  await app.http.inject({ method: 'DELETE', url: `/api/draw/chat/${hello.id}`, headers: ann.auth });
  await post(bob, `/api/draw/chat/${channelId}`, { content: 'hi there' });
  await waitDone((await post(ann, `/api/mj/submit/imagine/${channelId}`, { prompt: 'paper boats' })).taskId);

  const other = (await post(bob, '/api/draw/channel', { title: 'other', isBan: false })).id;
  await post(bob, `/api/draw/chat/${other}`, { content: 'elsewhere' });
  deletedChannelId = (await post(ann, '/api/draw/channel', { title: 'gone', isBan: true })).id;
  await post(ann, `/api/draw/invite-code/${deletedChannelId}`);
  await app.http.inject({
    method: 'DELETE',
    url: `/api/draw/channel/${deletedChannelId}`,
    headers: ann.auth,
  });
});
afterAll(() => app.close());

// Every read below runs while the test server holds the embedded store.
describe('ops channel', () => {
  it('show: title, creator, members, invite state, seq, counts by status, last events', async () => {
    const detail = (
      await app.http.inject({ url: `/api/draw/channel/${channelId}`, headers: ann.auth })
    ).json().data;
    const summary = await channelSummary(await openReadSource(app.config), channelId, { events: 3 });
    expect(summary).toMatchObject({
      id: channelId,
      title: '纸船 boats',
      isBan: false,
      deletedAt: null,
      creator: { id: ann.user.id, name: ann.user.name },
      members: [
        { userId: ann.user.id, name: ann.user.name, isCreator: true },
        { userId: bob.user.id, name: bob.user.name, isCreator: false },
      ],
      invite: { state: 'active', code: inviteCode, createdBy: ann.user.id, expiresAt: null, replaced: 0 },
      seq: detail.seq,
      eventsStored: detail.seq,
      messages: { visible: 2, deleted: 1, text: 1, task: 1 },
      tasks: { total: 1, byStatus: { SUCCESS: 1, IN_PROGRESS: 0, FAILURE: 0 } },
    });
    expect(summary.lastEvents.map((e) => e.seq)).toEqual([detail.seq - 2, detail.seq - 1, detail.seq]);
    expect(summary.lastEvents.at(-1)).toMatchObject({
      type: 'task.updated',
      summary: expect.stringMatching(/^task \w{8} IMAGINE SUCCESS 100%$/),
    });
  });

  it(
    'show (CLI) prints aligned text while the server runs',
    async () => {
      const cli = await runCli(['channel', 'show', channelId], app.dataDir);
      expect(cli.code).toBe(0);
      expect(cli.stdout).toMatch(new RegExp(`^channel: +${channelId}\n`));
      expect(cli.stdout).toMatch(/\ntitle: +纸船 boats\n/);
      expect(cli.stdout).toMatch(
        new RegExp(`\\ninvite: +active, never expires, code ${inviteCode} \\(made `),
      );
      expect(cli.stdout).toMatch(/\nmessages: +2 \(text 1, task 1\), 1 deleted\n/);
      expect(cli.stdout).toMatch(/\ntasks: +1 \(SUCCESS 1\)\n/);
      expect(cli.stdout).toContain('Members (2)');
      expect(cli.stdout).toMatch(/message\.created\s+.*: hi there/);
    },
    CLI_TIMEOUT,
  );

  it('show marks a deleted channel: no members left, its invite withdrawn', async () => {
    const run = capture(app.config);
    expect(await runChannel(['show', deletedChannelId, '--json'], run.ctx)).toBe(0);
    const summary = JSON.parse(run.stdout());
    expect(summary).toMatchObject({
      isBan: true,
      deletedAt: expect.any(Number),
      members: [],
      invite: { state: 'none', code: null, replaced: 1 },
    });
    const text = capture(app.config);
    await runChannel(['show', deletedChannelId], text.ctx);
    expect(text.stdout()).toMatch(/\nDELETED: +\d{4}-\d\d-\d\d /);
  });

  it(
    'export (CLI, --out): channel, members, messages with authors, tasks, events; no contact details or secrets',
    async () => {
      const out = path.join(app.dataDir, 'export.json');
      const cli = await runCli(['channel', 'export', channelId, '--out', out], app.dataDir);
      expect(cli.code).toBe(0);
      const raw = fs.readFileSync(out, 'utf8');
      const history = JSON.parse(raw) as ChannelExport;
      expect(cli.stdout).toContain(
        `Wrote ${out}: 2 members, 3 messages, 1 tasks, ${history.events.length} events.`,
      );
      expect(history).toMatchObject({
        format: 'drawspace.channel-export',
        version: 1,
        channel: {
          id: channelId,
          title: '纸船 boats',
          creatorId: ann.user.id,
          creatorName: ann.user.name,
          deletedAt: null,
        },
        members: [{ userId: ann.user.id }, { userId: bob.user.id }],
        messages: [
          {
            content: 'hello',
            author: { id: ann.user.id, name: ann.user.name },
            deletedAt: expect.any(Number),
          },
          {
            content: 'hi there',
            kind: 'text',
            author: { id: bob.user.id, name: bob.user.name },
            deletedAt: null,
          },
          { kind: 'task', taskId: history.tasks[0]!.id, deletedAt: null },
        ],
        tasks: [{ channelId, status: 'SUCCESS', prompt: 'paper boats' }],
      });
      expect(history.events.map((e) => e.seq)).toEqual(Array.from({ length: history.seq }, (_, i) => i + 1));
      expect(history.events.every((e) => e.channelId === channelId)).toBe(true);
      expect(history.tasks[0]).not.toHaveProperty('hookToken');
      expect(history.tasks[0]).not.toHaveProperty('job');
      for (const secret of [inviteCode, annPhone, 'elsewhere']) expect(raw).not.toContain(secret);
    },
    CLI_TIMEOUT,
  );

  it('export to stdout equals the exported functions; unknown channels exit 1, a missing id 2', async () => {
    const run = capture(app.config, () => 42);
    expect(await runChannel(['export', channelId], run.ctx)).toBe(0);
    expect(JSON.parse(run.stdout())).toEqual(
      await channelExport(await openReadSource(app.config), channelId, 42),
    );

    const missing = capture(opsConfig(app.dataDir));
    expect(await runChannel(['show', 'no-such-channel'], missing.ctx)).toBe(1);
    expect(missing.stderr()).toBe('No channel "no-such-channel".');
    expect(await runChannel(['export'], missing.ctx)).toBe(2);
    expect(missing.stderr()).toContain('Missing channel id.');
  });
});
