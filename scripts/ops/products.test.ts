import { describe, expect, it } from 'vitest';
import type { Product } from '@draw/shared';
import { startTestApp } from '../../server/test/support/harness';
import { DEFAULT_PRODUCTS } from '../../server/src/features/billing/products';
import { parsePrice, runProducts } from './products';
import { CLI_TIMEOUT, capture, opsConfig, runCli, tempDataDir } from './testing';

describe('ops products', () => {
  it('parses prices in yuan without floating point', () => {
    expect(parsePrice('29.9')).toBe(2990);
    expect(parsePrice('29.90')).toBe(2990);
    expect(parsePrice('0.01')).toBe(1);
    expect(parsePrice('1490')).toBe(149000);
    for (const bad of ['0', '1.234', '-3', 'ten', '1e3', '']) expect(() => parsePrice(bad)).toThrow();
  });

  it(
    'adds, updates, translates and disables products that the server then sells (or stops selling)',
    async () => {
      const dir = tempDataDir();
      const config = opsConfig(dir);

      const empty = capture(config);
      expect(await runProducts(['list'], empty.ctx)).toBe(0);
      expect(empty.stdout()).toContain('No products yet');

      const add = capture(config);
      expect(
        await runProducts(
          [
            'add',
            '--id',
            'week-ish',
            '--name',
            'Weekend',
            '--price',
            '12.5',
            '--period',
            'day',
            '--credits',
            '80',
            '--description',
            'For a weekend',
            '--sort',
            '5',
          ],
          add.ctx,
        ),
      ).toBe(0);
      expect(add.stdout()).toMatch(/Added product[\s\S]*price:\s+12\.50 CNY/);

      const again = capture(config);
      expect(
        await runProducts(
          ['add', '--id', 'week-ish', '--name', 'Twice', '--price', '1', '--period', 'Day', '--credits', '1'],
          again.ctx,
        ),
      ).toBe(1);
      expect(again.stderr()).toContain('already exists');

      const update = capture(config);
      expect(
        await runProducts(['update', 'month-basic', '--price', '25', '--credits', '450'], update.ctx),
      ).toBe(0);
      expect(
        await runProducts(
          ['update', 'month-basic', '--lang', 'zh-CN', '--name', '入门版'],
          capture(config).ctx,
        ),
      ).toBe(0);
      const disable = capture(config);
      expect(await runProducts(['disable', 'year-pro'], disable.ctx)).toBe(0);
      expect(disable.stdout()).toContain('no longer on sale');
      const twice = capture(config);
      expect(await runProducts(['disable', 'year-pro'], twice.ctx)).toBe(0);
      expect(twice.stdout()).toContain('already disabled');

      const missing = capture(config);
      expect(await runProducts(['update', 'nope', '--price', '1'], missing.ctx)).toBe(1);
      expect(missing.stderr()).toContain('No product with the id "nope"');
      const usage = capture(config);
      expect(await runProducts(['add', '--name', 'x'], usage.ctx)).toBe(2);
      expect(usage.stderr()).toContain('Give --name, --price, --period and --credits.');
      expect(
        await runProducts(
          ['add', '--name', 'x', '--price', '1', '--period', 'Week', '--credits', '1'],
          capture(config).ctx,
        ),
      ).toBe(2);

      const list = capture(config);
      expect(await runProducts(['list'], list.ctx)).toBe(0);
      expect(list.stdout()).toMatch(/week-ish\s+Day\s+Weekend\s+12\.50 CNY\s+80\s+on sale/);
      expect(list.stdout()).toMatch(/year-pro\s+Year\s+.*disabled/);
      expect(list.stdout()).toContain(`${DEFAULT_PRODUCTS.length + 1} products`);

      const app = await startTestApp({ DATA_DIR: dir });
      try {
        const en = (
          await app.http.inject({ url: '/api/home/products', headers: { 'accept-language': 'en-US' } })
        ).json().data as Product[];
        expect(en.map((p) => p.id)).toEqual([
          'week-ish',
          'day-trial',
          'day-plus',
          'month-basic',
          'month-standard',
          'month-pro',
          'year-standard',
        ]);
        expect(en.find((p) => p.id === 'month-basic')).toMatchObject({
          name: 'Basic',
          price: 2500,
          credits: 450,
        });
        const zh = (
          await app.http.inject({ url: '/api/home/products', headers: { 'accept-language': 'zh-CN' } })
        ).json().data as Product[];
        expect(zh.find((p) => p.id === 'month-basic')?.name).toBe('入门版');

        // Listing reads while the server holds the store; writing is refused.
        const listed = await runCli(['products', 'list', '--json'], dir);
        expect(listed.code).toBe(0);
        expect(JSON.parse(listed.stdout)).toHaveLength(DEFAULT_PRODUCTS.length + 1);
      } finally {
        await app.close();
      }
    },
    CLI_TIMEOUT,
  );

  it(
    'writes beside a running server, which lists the change at once',
    async () => {
      const dir = tempDataDir();
      const app = await startTestApp({ DATA_DIR: dir });
      const listed = async () =>
        (
          (
            await app.http.inject({ url: '/api/home/products', headers: { 'accept-language': 'en-US' } })
          ).json().data as Product[]
        ).map((p) => p.name);
      try {
        const cli = await runCli(
          [
            'products',
            'add',
            '--name',
            'Live Plan',
            '--price',
            '1',
            '--period',
            'Day',
            '--credits',
            '1',
            '--id',
            'live-plan',
          ],
          dir,
        );
        expect(cli.code).toBe(0);
        expect(await listed()).toContain('Live Plan');
        expect((await runCli(['products', 'disable', 'live-plan'], dir)).code).toBe(0);
        expect(await listed()).not.toContain('Live Plan');
      } finally {
        await app.close();
      }
    },
    CLI_TIMEOUT,
  );
});
