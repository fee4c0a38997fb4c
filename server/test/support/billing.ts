import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness';
import { LedgerKind } from '../../src/features/billing/repository';

/** Helpers shared by the billing tests (not a test file itself). */
export type Session = Awaited<ReturnType<TestApp['signIn']>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(app: TestApp) {
  const call = (
    session: Session | null,
    method: Method,
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    app.http.inject({
      method,
      url,
      payload,
      headers: { ...(session?.auth ?? {}), 'accept-language': 'en-US' },
    });
  const data = async <T = unknown>(response: Promise<LightMyRequestResponse>): Promise<T> => {
    const res = await response;
    const body = res.json() as { success: boolean; data: T; message: string };
    if (!body.success) throw new Error(`${res.statusCode} ${body.message}`);
    return body.data;
  };
  return { call, data };
}

/** A signed-in user with a channel of their own to draw in. */
export async function drawer(app: TestApp): Promise<{ session: Session; userId: string; channelId: string }> {
  const { call, data } = caller(app);
  const session = await app.signIn();
  const { id } = await data<{ id: string }>(
    call(session, 'POST', '/api/draw/channel', { title: 'billing', isBan: false }),
  );
  return { session, userId: session.user.id, channelId: id };
}

/** Gives a user credits straight in the ledger (as an ops adjustment would). */
export async function giveCredits(
  app: TestApp,
  userId: string,
  credits: number,
  key = `adjust:${userId}:${credits}:${Math.random()}`,
) {
  return app.services.billing.ledger.grantCredits(userId, key, credits, {
    kind: LedgerKind.Adjust,
    note: 'test',
  });
}

export async function balanceOf(app: TestApp, userId: string): Promise<number> {
  return (await app.services.billing.ledger.account(userId)).balance;
}

/** Every entry of a user in order, checked as a chain: seq 1..n, each state following from the last. */
export async function checkedChain(app: TestApp, userId: string) {
  const entries = (await app.services.billing.ledger.entries(userId, 10_000)).reverse();
  let balance = 0;
  let free = 0;
  entries.forEach((entry, index) => {
    if (entry.seq !== index + 1) throw new Error(`seq ${entry.seq} at position ${index + 1}`);
    balance += entry.delta;
    free += entry.freeDelta;
    if (entry.balanceAfter !== balance || entry.freeAfter !== free)
      throw new Error(`entry ${entry._id} does not follow from the chain`);
    if (balance < 0 || free < 0 || free > balance)
      throw new Error(`entry ${entry._id} leaves balance ${balance}, free ${free}`);
  });
  return entries;
}
