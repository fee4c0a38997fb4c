import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditAccount, RedeemAnswer } from '@draw/shared';
import { startTestApp, type TestApp } from '../../testing/harness';
import { newCode, normalizeCode } from './codes';
import { balanceOf, caller, checkedChain, drawer } from './testkit';

let app: TestApp;
let clock = Date.UTC(2031, 2, 1, 4, 0, 0);
beforeAll(async () => {
  app = await startTestApp({ FREE_DAILY_CREDITS: '0' }, { now: () => clock });
});
afterAll(() => app.close());

const redeem = (session: Awaited<ReturnType<typeof drawer>>['session'], code: string) => caller(app).call(session, 'POST', `/api/home/redeem/${encodeURIComponent(code)}`);

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
    expect(first.json()).toMatchObject({ success: true, data: { kind: 'credits', credits: 50, plan: null, balance: 50 } });
    const again = await redeem(ann.session, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: 'You have already redeemed this code' });
    const other = await redeem(bob.session, code);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This redeem code has already been used');

    expect(await balanceOf(app, ann.userId)).toBe(50);
    expect(await balanceOf(app, bob.userId)).toBe(0);
    expect(await app.services.billing.codes.list(batchId)).toEqual([expect.objectContaining({ code, uses: 1, maxUses: 1, state: 'used up', grants: '50 credits' })]);
  });

  it('lets a multi-use code be redeemed once per user, up to its uses, even when asked in parallel', async () => {
    const { codes } = await app.services.billing.codes.mint({ credits: 5, uses: 3 });
    const code = codes[0]!._id;
    const users = await Promise.all(Array.from({ length: 5 }, () => drawer(app)));
    const first = users[0]!;
    const twice = await Promise.all([redeem(first.session, code), redeem(first.session, code), redeem(first.session, code)]);
    expect(twice.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balanceOf(app, first.userId)).toBe(5);

    const rest = await Promise.all(users.slice(1).map((u) => redeem(u.session, code)));
    expect(rest.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(rest.filter((r) => r.json().message === 'This redeem code has already been used')).toHaveLength(2);
    const balances = await Promise.all(users.map((u) => balanceOf(app, u.userId)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(15);
    expect((await app.services.billing.codes.list()).find((c) => c.code === code)).toMatchObject({ uses: 3, state: 'used up' });
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

  it('grants a plan and its credits with a product code, and extends it with a second one', async () => {
    const { call, data } = caller(app);
    const { session, userId } = await drawer(app);
    const { codes } = await app.services.billing.codes.mint({ productId: 'month-standard', count: 2 });
    expect(codes).toHaveLength(2);
    expect(codes[0]!.batchId).toBe(codes[1]!.batchId);

    const answer = await data<RedeemAnswer>(redeem(session, codes[0]!._id));
    expect(answer).toMatchObject({ kind: 'plan', credits: 1200, balance: 1200, plan: { productId: 'month-standard', name: 'Standard', period: 'Month', expiresAt: clock + 30 * 86_400_000 } });
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
