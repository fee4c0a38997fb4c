import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../server/test/support/harness';
import { runCodes } from './codes';
import { CLI_TIMEOUT, capture, opsConfig, runCli, tempDataDir } from './testing';

const CODE = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/g;

describe('ops codes', () => {
  it(
    'mints credit and plan codes that the server redeems, and lists their use',
    async () => {
      const dir = tempDataDir();
      const config = opsConfig(dir);

      const credits = capture(config);
      expect(
        await runCodes(
          [
            'mint',
            '--credits',
            '30',
            '--count',
            '3',
            '--uses',
            '2',
            '--expires-days',
            '7',
            '--note',
            'launch',
          ],
          credits.ctx,
        ),
      ).toBe(0);
      expect(credits.stdout()).toMatch(/Minted 3 codes[\s\S]*grants:\s+30 credits[\s\S]*uses per code:\s+2/);
      const creditCodes = credits.stdout().match(CODE)!;
      expect(creditCodes).toHaveLength(3);
      const batch = /batch:\s+(\S+)/.exec(credits.stdout())![1]!;

      const plan = capture(config);
      expect(await runCodes(['mint', '--product', 'month-basic', '--json'], plan.ctx)).toBe(0);
      const planBatch = JSON.parse(plan.stdout()) as {
        batchId: string;
        codes: string[];
        grants: { productId: string; credits: number };
      };
      expect(planBatch).toMatchObject({
        codes: [expect.stringMatching(CODE)],
        grants: { productId: 'month-basic', credits: 400 },
        uses: 1,
        expiresAt: null,
      });

      const usage = capture(config);
      expect(await runCodes(['mint', '--credits', '5', '--product', 'month-basic'], usage.ctx)).toBe(2);
      expect(await runCodes(['mint'], capture(config).ctx)).toBe(2);
      expect(await runCodes(['mint', '--credits', '0'], capture(config).ctx)).toBe(2);
      const unknown = capture(config);
      expect(await runCodes(['mint', '--product', 'nope'], unknown.ctx)).toBe(1);
      expect(unknown.stderr()).toContain('That plan does not exist');

      const app = await startTestApp({ DATA_DIR: dir, FREE_DAILY_CREDITS: '0' });
      try {
        const ann = await app.signIn();
        const bob = await app.signIn();
        const redeem = (session: typeof ann, code: string) =>
          app.http.inject({
            method: 'POST',
            url: `/api/home/redeem/${code}`,
            headers: { ...session.auth, 'accept-language': 'en-US' },
          });
        expect((await redeem(ann, creditCodes[0]!)).json()).toMatchObject({
          success: true,
          data: { credits: 30, balance: 30 },
        });
        expect((await redeem(bob, creditCodes[0]!)).json()).toMatchObject({
          success: true,
          data: { credits: 30 },
        });
        expect((await redeem(ann, planBatch.codes[0]!)).json()).toMatchObject({
          success: true,
          data: { kind: 'plan', balance: 430, plan: { name: 'Basic' } },
        });

        // Listing reads while the server holds the store.
        const listed = await runCli(['codes', 'list', '--batch', batch], dir);
        expect(listed.code).toBe(0);
        expect(listed.stdout).toMatch(
          new RegExp(`${creditCodes[0]}\\s+${batch}\\s+30 credits\\s+2/2\\s+\\S+ \\S+\\s+used up`),
        );
        expect(listed.stdout).toMatch(
          new RegExp(`${creditCodes[1]}\\s+${batch}\\s+30 credits\\s+0/2\\s+.*unused`),
        );
        expect(listed.stdout).toContain('3 codes, 2 uses taken');
        const all = await runCli(['codes', 'list', '--json'], dir);
        expect(JSON.parse(all.stdout)).toHaveLength(4);
      } finally {
        await app.close();
      }
    },
    CLI_TIMEOUT,
  );

  it(
    'mints beside a running server, whose users redeem the new codes at once',
    async () => {
      const dir = tempDataDir();
      const app = await startTestApp({ DATA_DIR: dir, FREE_DAILY_CREDITS: '0' });
      try {
        const ann = await app.signIn();
        const cli = await runCli(['codes', 'mint', '--credits', '10'], dir);
        expect(cli.code).toBe(0);
        const [code] = cli.stdout.match(CODE)!;
        const redeemed = await app.http.inject({
          method: 'POST',
          url: `/api/home/redeem/${code}`,
          headers: { ...ann.auth, 'accept-language': 'en-US' },
        });
        expect(redeemed.json()).toMatchObject({ success: true, data: { credits: 10, balance: 10 } });
      } finally {
        await app.close();
      }
    },
    CLI_TIMEOUT,
  );
});
