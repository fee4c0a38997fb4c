import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditAccount, RedeemAnswer } from '@draw/shared';
import type { AdminCode } from '@draw/shared/routes';
import type { BaseDoc, Collection } from '../../storage/port';
import { Users } from '../auth/repository';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { codesService, newCode, normalizeCode } from './codes';
import { creditsLedger } from './ledger';
import {
  Ledger,
  RedeemCodes,
  Redemptions,
  ledgerRepository,
  redeemCodesRepository,
  redemptionsRepository,
} from './repository';
import { balanceOf, caller, checkedChain, drawer } from '../../../test/support/billing';

let app: TestApp;
let clock = Date.UTC(2031, 2, 1, 4, 0, 0);
beforeAll(async () => {
  app = await startTestApp({ FREE_DAILY_CREDITS: '0' }, { now: () => clock });
});
afterAll(() => app.close());

const redeem = (session: Awaited<ReturnType<typeof drawer>>['session'], code: string) =>
  caller(app).call(session, 'POST', `/api/home/redeem/${encodeURIComponent(code)}`);

describe('redeem codes', () => {
  it('mints readable codes and accepts them typed loosely', () => {
    const code = newCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(normalizeCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    expect(normalizeCode(` ${code.replace(/-/g, '')} `)).toBe(code);
  });

  it('grants credits once; a second time is refused, and so is anyone else for a single-use code', async () => {
    const ann = await drawer(app);
    const bob = await drawer(app);
    const { batchId, codes } = await app.services.billing.codes.mint({ credits: 50 });
    const code = codes[0]!._id;

    const first = await redeem(ann.session, code.toLowerCase());
    expect(first.json()).toMatchObject({
      success: true,
      data: { kind: 'credits', credits: 50, plan: null, balance: 50 },
    });
    const again = await redeem(ann.session, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: 'You have already redeemed this code' });
    const other = await redeem(bob.session, code);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This redeem code has already been used');

    expect(await balanceOf(app, ann.userId)).toBe(50);
    expect(await balanceOf(app, bob.userId)).toBe(0);
    expect(await app.services.billing.codes.list(batchId)).toEqual([
      expect.objectContaining({
        code,
        uses: 1,
        maxUses: 1,
        state: 'used up',
        grants: { kind: 'credits', credits: 50, productId: null },
      }),
    ]);
  });

  it('lets a multi-use code be redeemed once per user, up to its uses, even when asked in parallel', async () => {
    const { codes } = await app.services.billing.codes.mint({ credits: 5, uses: 3 });
    const code = codes[0]!._id;
    const users = await Promise.all(Array.from({ length: 5 }, () => drawer(app)));
    const first = users[0]!;
    const twice = await Promise.all([
      redeem(first.session, code),
      redeem(first.session, code),
      redeem(first.session, code),
    ]);
    expect(twice.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balanceOf(app, first.userId)).toBe(5);

    const rest = await Promise.all(users.slice(1).map((u) => redeem(u.session, code)));
    expect(rest.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(rest.filter((r) => r.json().message === 'This redeem code has already been used')).toHaveLength(2);
    const balances = await Promise.all(users.map((u) => balanceOf(app, u.userId)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(15);
    expect((await app.services.billing.codes.list()).find((c) => c.code === code)).toMatchObject({
      uses: 3,
      state: 'used up',
    });
  });

  it('refuses an expired code and an unknown code with clear messages', async () => {
    const { session, userId } = await drawer(app);
    const { codes } = await app.services.billing.codes.mint({ credits: 9, expiresDays: 1 });
    const code = codes[0]!._id;
    clock += 2 * 86_400_000;
    const expired = await redeem(session, code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This redeem code has expired');
    expect((await app.services.billing.codes.list()).find((c) => c.code === code)?.state).toBe('expired');

    const unknown = await redeem(session, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown redeem code. Check it and try again.');
    expect((await redeem(session, '<script>')).statusCode).toBe(400);
    expect(await balanceOf(app, userId)).toBe(0);
  });

  it('refuses a revoked code as revoked, changing nothing; the console lists it revoked, and revoking again leaves codes as they are', async () => {
    const { call, data } = caller(app);
    const operator = await app.signIn();
    await app.storage.collection(Users).updateOne({ _id: operator.user.id }, { $set: { isAdmin: true } });
    const ann = await drawer(app);
    const bob = await drawer(app);
    const mint = (body: object) =>
      data<{ batchId: string; codes: string[] }>(call(operator, 'POST', '/api/admin/codes', body));
    const listed = async (batchId: string) =>
      (await data<{ items: AdminCode[] }>(call(operator, 'GET', `/api/admin/codes?batchId=${batchId}`)))
        .items;
    const revoke = (codes: string[]) =>
      data<{ revoked: number }>(call(operator, 'POST', '/api/admin/codes/revoke', { codes }));

    const plain = await mint({ credits: 7, count: 2 });
    const [used, unused] = plain.codes as [string, string];
    await data(redeem(ann.session, used));
    const dated = await mint({ credits: 7, count: 2, expiresDays: 1 });
    const [revokedInTime, expiring] = dated.codes as [string, string];
    expect(await revoke([revokedInTime])).toEqual({ revoked: 1 });
    clock += 2 * 86_400_000;

    // Only the unused, live code is revoked now; the used, expired and already revoked ones stay.
    expect(await revoke([used, unused, revokedInTime, expiring])).toEqual({ revoked: 1 });
    expect(await revoke([used, unused, revokedInTime, expiring])).toEqual({ revoked: 0 });
    const states = (codes: AdminCode[]) => Object.fromEntries(codes.map((c) => [c.code, [c.state, c.uses]]));
    expect(states(await listed(plain.batchId))).toEqual({ [used]: ['used up', 1], [unused]: ['revoked', 0] });
    expect(states(await listed(dated.batchId))).toEqual({
      [revokedInTime]: ['revoked', 0],
      [expiring]: ['expired', 0],
    });

    const refused = await redeem(bob.session, unused);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ success: false, message: 'This redeem code has been revoked' });
    expect((await redeem(bob.session, revokedInTime)).json().message).toBe(
      'This redeem code has been revoked',
    );
    const inChinese = await app.http.inject({
      method: 'POST',
      url: `/api/home/redeem/${unused}`,
      headers: { ...bob.session.auth, 'accept-language': 'zh-CN' },
    });
    expect(inChinese.json().message).toBe('兑换码已作废');
    expect(await balanceOf(app, bob.userId)).toBe(0);
    expect(await checkedChain(app, bob.userId)).toEqual([]);
    expect(states(await listed(plain.batchId))[unused]).toEqual(['revoked', 0]);
    expect(await app.storage.collection(Redemptions).find({ code: unused })).toEqual([]);
  });

  it('grants a plan and its credits with a product code, and extends it with a second one', async () => {
    const { call, data } = caller(app);
    const { session, userId } = await drawer(app);
    const { codes } = await app.services.billing.codes.mint({ productId: 'month-standard', count: 2 });
    expect(codes).toHaveLength(2);
    expect(codes[0]!.batchId).toBe(codes[1]!.batchId);

    const answer = await data<RedeemAnswer>(redeem(session, codes[0]!._id));
    expect(answer).toMatchObject({
      kind: 'plan',
      credits: 1200,
      balance: 1200,
      plan: {
        productId: 'month-standard',
        name: 'Standard',
        period: 'Month',
        expiresAt: clock + 30 * 86_400_000,
      },
    });
    await data(redeem(session, codes[1]!._id));
    const account = await data<CreditAccount>(call(session, 'GET', '/api/home/credits'));
    expect(account).toMatchObject({ balance: 2400, plan: { expiresAt: clock + 60 * 86_400_000 } });
    expect((await checkedChain(app, userId)).map((e) => e.kind)).toEqual(['code', 'code']);
  });

  it('refuses to mint nonsense', async () => {
    const codes = app.services.billing.codes;
    await expect(codes.mint({})).rejects.toThrow();
    await expect(codes.mint({ credits: 5, productId: 'month-basic' })).rejects.toThrow();
    await expect(codes.mint({ credits: 0 })).rejects.toThrow();
    await expect(codes.mint({ credits: 5, count: 0 })).rejects.toThrow();
    await expect(codes.mint({ productId: 'nope' })).rejects.toThrow();
  });
});

const collectionsOf = (app: TestApp) => ({
  codes: app.storage.collection(RedeemCodes),
  redemptions: app.storage.collection(Redemptions),
  ledger: app.storage.collection(Ledger),
});
type Collections = ReturnType<typeof collectionsOf>;

const repositoriesOn = ({ codes, redemptions, ledger }: Collections) => ({
  codes: redeemCodesRepository(codes),
  redemptions: redemptionsRepository(redemptions),
  ledger: ledgerRepository(ledger),
});

/** The codes service of a server process on these collections. */
function serverOn(app: TestApp, collections: Collections) {
  const repo = repositoriesOn(collections);
  const ledger = creditsLedger({ repo, dailyAllowance: 0, now: () => clock });
  return codesService({ repo, ledger, products: app.services.billing.products, now: () => clock });
}

/** A server process that is killed (every call throws) once it has done `writes` writes. */
function dyingAfter(app: TestApp, writes: number) {
  let done = 0;
  const wrap = <T extends BaseDoc>(collection: Collection<T>): Collection<T> =>
    new Proxy(collection, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        const isWrite = /^(insert|update|findOneAndUpdate|delete)/.test(String(name));
        return async (...args: unknown[]) => {
          if (done >= writes) throw new Error('killed');
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          if (isWrite) done += 1;
          return result;
        };
      },
    });
  const { codes, redemptions, ledger } = collectionsOf(app);
  return serverOn(app, { codes: wrap(codes), redemptions: wrap(redemptions), ledger: wrap(ledger) });
}

describe('a redeem cut off by a crash', () => {
  // A redeem writes its use, the code's counter, the ledger grant and the grant mark: kill it after each.
  for (const writes of [1, 2, 3]) {
    for (const recovery of ['the user asks again', 'the repair sweep'] as const) {
      it(`after ${writes} write(s), ${recovery} grants it exactly once, using one use`, async () => {
        const ann = await drawer(app);
        const bob = await drawer(app);
        const { codes } = await app.services.billing.codes.mint({ credits: 30, uses: 2 });
        const code = codes[0]!._id;
        await expect(dyingAfter(app, writes).redeem(ann.userId, code)).rejects.toThrow('killed');

        const restarted = serverOn(app, collectionsOf(app));
        if (recovery === 'the user asks again') {
          const again = await redeem(ann.session, code);
          expect([200, 409]).toContain(again.statusCode);
        } else {
          expect((await restarted.repair()).granted).toBe(0); // an ask may still be under way
          clock += 3 * 60_000;
          await restarted.repair();
          expect((await redeem(ann.session, code)).json().message).toBe(
            'You have already redeemed this code',
          );
        }
        expect(await balanceOf(app, ann.userId)).toBe(30);
        expect((await checkedChain(app, ann.userId)).filter((e) => e.kind === 'code')).toHaveLength(1);
        expect((await restarted.list()).find((c) => c.code === code)).toMatchObject({
          uses: 1,
          state: 'partly used',
        });
        // The second use is still there for someone else.
        expect((await redeem(bob.session, code)).statusCode).toBe(200);
        expect((await restarted.list()).find((c) => c.code === code)).toMatchObject({
          uses: 2,
          state: 'used up',
        });
      });
    }
  }
});
