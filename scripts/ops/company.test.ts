import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../server/test/support/harness';
import { runCompany } from './company';
import { CLI_TIMEOUT, capture, opsConfig, runCli, tempDataDir } from './testing';

const CONFIGURED = { COMPANY_NAME: 'Configured Co', SHOW_DISCORD: 'false' };

describe('ops company', () => {
  it('shows the configured company info when nothing is stored', async () => {
    const run = capture(opsConfig(tempDataDir(), CONFIGURED));
    expect(await runCompany(['show'], run.ctx)).toBe(0);
    const lines = run.stdout().split('\n');
    expect(lines[0]).toMatch(/^field\s+value\s+from$/);
    expect(lines).toContainEqual(expect.stringMatching(/^name\s+Configured Co\s+config$/));
    expect(lines).toContainEqual(expect.stringMatching(/^isShowDiscord\s+no\s+config$/));
    expect(run.stdout()).toContain('no stored overrides');
  });

  it(
    'set (CLI) overrides fields the site then serves; show marks where each comes from',
    async () => {
      const dir = tempDataDir();
      const set = await runCli(
        ['company', 'set', '--name', 'Acme Drawing', '--keywords', 'ink, paper', '--show-chatgpt', 'true'],
        dir,
        CONFIGURED,
      );
      expect(set.code).toBe(0);
      expect(set.stdout).toContain('Company info updated.');

      const show = capture(opsConfig(dir, CONFIGURED));
      expect(await runCompany(['show'], show.ctx)).toBe(0);
      expect(show.stdout()).toMatch(/name\s+Acme Drawing\s+store/);
      expect(show.stdout()).toMatch(
        /description\s+Draw with AI together, live, in shared channels\.\s+config/,
      );
      expect(show.stdout()).toMatch(/isShowDiscord\s+no\s+config/);

      const app = await startTestApp({ DATA_DIR: dir, ...CONFIGURED });
      try {
        const { engineFeatures, translatesPrompts, ...served } = (
          await app.http.inject({ url: '/api/home/company-info' })
        ).json().data;
        // The site adds what its engine offers; the company's own fields are what ops sets.
        expect(engineFeatures).toEqual([
          'shorten',
          'describe',
          'cancel',
          'seed',
          'video',
          'blend',
          'retexture',
        ]);
        expect(translatesPrompts).toBe(false);
        expect(served).toEqual({
          name: 'Acme Drawing',
          description: 'Draw with AI together, live, in shared channels.',
          keywords: 'ink, paper',
          isShowChatGPT: true,
          isShowDiscord: false,
        });
        // show --json is exactly the company part of what the site serves, and works while the server holds the store.
        const json = capture(opsConfig(dir, CONFIGURED));
        expect(await runCompany(['show', '--json'], json.ctx)).toBe(0);
        expect(JSON.parse(json.stdout())).toEqual(served);
      } finally {
        await app.close();
      }
    },
    CLI_TIMEOUT,
  );

  it(
    'sets beside a running server, which answers the new values at once (CLI)',
    async () => {
      const dir = tempDataDir();
      const app = await startTestApp({ DATA_DIR: dir });
      try {
        const set = await runCli(['company', 'set', '--name', 'Renamed Live'], dir);
        expect(set.code).toBe(0);
        const info = await app.http.inject({ url: '/api/home/company-info' });
        expect(info.json()).toMatchObject({ success: true, data: { name: 'Renamed Live' } });
      } finally {
        await app.close();
      }
    },
    CLI_TIMEOUT,
  );

  it('rejects bad or missing values with the command help and exit code 2', async () => {
    const config = opsConfig(tempDataDir());
    const attempt = async (...args: string[]) => {
      const run = capture(config);
      return { code: await runCompany(['set', ...args], run.ctx), err: run.stderr() };
    };
    expect(await attempt()).toMatchObject({ code: 2, err: expect.stringContaining('Nothing to set') });
    expect(await attempt('--show-discord', 'yes')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--show-discord takes true or false'),
    });
    expect(await attempt('--name', '  ')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--name must not be empty'),
    });
    expect((await attempt('--name')).err).toContain('Usage: npm run ops -- company set');

    const run = capture(config);
    expect(await runCompany(['set', '--show-discord', 'false', '--description', ''], run.ctx)).toBe(0);
    expect(run.stdout()).toMatch(/description\s+-\s+store/);
  });
});
