import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../server/test/support/harness';
import { withWriteStorage } from './command';
import { openReadSource } from './source';
import { CLI_TIMEOUT, capture, opsConfig, runCli, tempDataDir } from './testing';
import { createUser, listUsers, newUserDoc, runUsers } from './users';

async function passwordLogin(
  app: Awaited<ReturnType<typeof startTestApp>>,
  account: string,
  password: string,
) {
  return (
    await app.http.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { loginType: 'Password', account, password },
    })
  ).json();
}

describe('ops users', () => {
  it(
    'creates users (CLI) whose password signs them in through the real login route',
    async () => {
      const dir = tempDataDir();
      const created = await runCli(
        ['users', 'create', '--phone', '138 0013 8000', '--password-stdin', '--name', 'Ops Person'],
        dir,
        {},
        'correct horse\n',
      );
      expect(created).toMatchObject({ code: 0, stdout: expect.stringContaining('Created user') });
      expect(created.stdout).toMatch(/phone:\s+13800138000/);
      const admin = capture(opsConfig(dir));
      expect(
        await runUsers(
          ['create', '--email', 'Boss@Example.COM', '--password', 'battery staple', '--admin'],
          admin.ctx,
        ),
      ).toBe(0);

      const app = await startTestApp({ DATA_DIR: dir });
      try {
        const phoneLogin = await passwordLogin(app, '13800138000', 'correct horse');
        expect(phoneLogin).toMatchObject({
          success: true,
          data: { user: { name: 'Ops Person', isAdmin: false } },
        });
        const session = await app.http.inject({
          url: '/api/home/index',
          headers: { authorization: `Bearer ${phoneLogin.data.token}` },
        });
        expect(session.json().data).toMatchObject({ auth: true, name: 'Ops Person' });
        expect(await passwordLogin(app, 'boss@example.com', 'battery staple')).toMatchObject({
          success: true,
          data: { user: { name: 'boss', email: 'boss@example.com', isAdmin: true } },
        });
        expect((await passwordLogin(app, '13800138000', 'wrong password')).success).toBe(false);

        // Reading works while the server holds the store.
        const listed = await runCli(['users', 'list', '--json'], dir);
        expect(listed.code).toBe(0);
        expect(JSON.parse(listed.stdout)).toMatchObject({
          total: 2,
          users: [{ email: 'boss@example.com', isAdmin: true, hasPassword: true }, { phone: '13800138000' }],
        });
        expect(listed.stdout).not.toContain('argon2');
      } finally {
        await app.close();
      }
    },
    CLI_TIMEOUT,
  );

  it(
    'creates a user beside a running server, who signs in at once',
    async () => {
      const dir = tempDataDir();
      const app = await startTestApp({ DATA_DIR: dir });
      try {
        const cli = await runCli(
          ['users', 'create', '--phone', '13800138001', '--password-stdin'],
          dir,
          {},
          'long enough\n',
        );
        expect(cli.code).toBe(0);
        expect(await passwordLogin(app, '13800138001', 'long enough')).toMatchObject({ success: true });
      } finally {
        await app.close();
      }
    },
    CLI_TIMEOUT,
  );

  it('validates input before touching the store and names the owner of a taken phone or email', async () => {
    const dir = tempDataDir();
    const usage = async (...args: string[]) => {
      const run = capture(opsConfig(dir));
      const code = await runUsers(['create', ...args], run.ctx);
      return { code, err: run.stderr() };
    };
    expect(await usage('--password', 'long enough')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Give --phone or --email'),
    });
    expect(
      await usage('--phone', '13800138077', '--password', 'long enough', '--password-stdin'),
    ).toMatchObject({ code: 2, err: expect.stringContaining('not both') });
    expect(await usage('--phone', '12345')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Not a phone number'),
    });
    expect(await usage('--email', 'not-an-email')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Not an email address'),
    });
    expect(await usage('--phone', '13800138002', '--password', 'short')).toMatchObject({
      code: 2,
      err: expect.stringContaining('8–128 characters'),
    });
    expect(await usage('--phone', '13800138002', '--name', 'x'.repeat(33))).toMatchObject({
      code: 2,
      err: expect.stringContaining('1–32 characters'),
    });
    expect(await usage('--phone', '13800138002', '--colour', 'red')).toMatchObject({
      code: 2,
      err: expect.stringContaining("Unknown option '--colour'"),
    });

    const first = capture(opsConfig(dir));
    expect(await runUsers(['create', '--phone', '13800138002', '--json'], first.ctx)).toBe(0);
    const { id } = JSON.parse(first.stdout()) as { id: string };
    expect(await usage('--phone', '138-0013-8002')).toMatchObject({
      code: 1,
      err: `A user with the phone 13800138002 already exists (${id}).`,
    });
  });

  it('grants and revokes site admin by id, phone or email; idempotent; unknown users exit 1', async () => {
    const dir = tempDataDir();
    const config = opsConfig(dir);
    const user = await withWriteStorage(config, async (storage) =>
      createUser(storage, await newUserDoc({ phone: '13800138003', email: 'cara@example.com' }, 1000)),
    );
    const admin = async (...args: string[]) => {
      const run = capture(config);
      const code = await runUsers(['admin', ...args], run.ctx);
      return { code, text: run.stdout() || run.stderr() };
    };
    const isAdmin = async () => (await listUsers(await openReadSource(config), 0)).users[0]!.isAdmin;

    expect(await admin('grant', '13800138003')).toMatchObject({
      code: 0,
      text: `Granted site admin to user8003 (${user._id}).`,
    });
    expect(await isAdmin()).toBe(true);
    expect(await admin('grant', user._id)).toMatchObject({
      code: 0,
      text: expect.stringContaining('is already a site admin; nothing changed'),
    });
    expect(await admin('revoke', 'CARA@example.com')).toMatchObject({
      code: 0,
      text: `Revoked site admin from user8003 (${user._id}).`,
    });
    expect(await isAdmin()).toBe(false);
    expect(await admin('revoke', user._id)).toMatchObject({
      code: 0,
      text: expect.stringContaining('is not a site admin'),
    });
    expect(await admin('grant', 'nobody@example.com')).toMatchObject({
      code: 1,
      text: 'No user with the id, phone or email "nobody@example.com".',
    });
    expect(await admin('promote', user._id)).toMatchObject({
      code: 2,
      text: expect.stringContaining('Expected grant or revoke'),
    });
    expect(await admin('grant')).toMatchObject({
      code: 2,
      text: expect.stringContaining('Missing grant|revoke and a user'),
    });
  });

  it('lists users newest first as an aligned table, with a limit', async () => {
    const dir = tempDataDir();
    const config = opsConfig(dir);
    await withWriteStorage(config, async (storage) => {
      await createUser(storage, await newUserDoc({ phone: '13800138004', password: 'long enough' }, 1000));
      await createUser(storage, await newUserDoc({ email: 'wide@example.com', name: '王小明' }, 2000));
      await createUser(storage, await newUserDoc({ email: 'new@example.com', admin: true }, 3000));
    });
    const run = capture(config);
    expect(await runUsers(['list', '--limit', '2'], run.ctx)).toBe(0);
    const lines = run.stdout().split('\n');
    expect(lines[0]).toMatch(/^id\s+phone\s+email\s+name\s+admin\s+password\s+created$/);
    expect(lines.slice(2, 4).map((l) => l.split(/\s{2,}/)[2])).toEqual([
      'new@example.com',
      'wide@example.com',
    ]);
    // Columns line up, counting a CJK character as two wide.
    const adminColumn = lines[0]!.indexOf('admin');
    expect(lines[3]!.replace('王小明', '王小明'.padEnd(6, '.')).indexOf('no ')).toBe(adminColumn);
    expect(lines.at(-1)).toBe('2 of 3 users');
    expect(lines.join('\n')).toContain('1970-01-01 00:00:03Z');

    const bad = capture(config);
    expect(await runUsers(['list', '--limit', 'many'], bad.ctx)).toBe(2);
  });

  it(
    'prints help for the CLI, the group and each command',
    async () => {
      const overall = await runCli(['--help'], tempDataDir());
      expect(overall.code).toBe(0);
      for (const line of [
        'users create|list|admin',
        'company show|set',
        'channel show|export <channelId>',
        'replay',
      ])
        expect(overall.stdout).toContain(line);
      const run = capture(opsConfig(tempDataDir()));
      expect(await runUsers(['--help'], run.ctx)).toBe(0);
      expect(await runUsers(['create', '--help'], run.ctx)).toBe(0);
      expect(run.stdout()).toContain('Usage: npm run ops -- users create');
      expect(await runUsers(['frob'], run.ctx)).toBe(2);
      expect(run.stderr()).toContain('Unknown command "users frob"');
    },
    CLI_TIMEOUT,
  );
});
