import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessagePage } from '@draw/shared';
import type { BaseDoc, Collection, CollectionDef, Storage } from '../../storage/port';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { usersRepository } from '../auth/repository';
import { messagesRepository } from './repository';
import { messagesService } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

type Session = Awaited<ReturnType<TestApp['signIn']>>;
const call = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.http.inject({ method, url, payload, headers: { ...session.auth, 'accept-language': 'en-US' } });

/** The store's users collection, counting each call made on it. */
function countingUsers(): { storage: Storage; calls: string[] } {
  const calls: string[] = [];
  const count = <T extends BaseDoc>(collection: Collection<T>): Collection<T> =>
    new Proxy(collection, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const storage: Storage = {
    ...app.storage,
    collection: <T extends BaseDoc>(def: CollectionDef<T>) => count(app.storage.collection(def)),
  };
  return { storage, calls };
}

describe('a page of messages', () => {
  it('names every author, looked up in one query for the whole page', async () => {
    const people = [await app.signIn(), await app.signIn(), await app.signIn()];
    const names = ['Ann', 'Bo', 'Cy'];
    for (const [i, person] of people.entries())
      await call(person, 'PUT', '/api/home/info', { name: names[i] });
    const [owner] = people;
    const { id } = (await call(owner!, 'POST', '/api/draw/channel', { title: 'chat', isBan: false })).json()
      .data as { id: string };
    const { inviteCode } = (await call(owner!, 'POST', `/api/draw/invite-code/${id}`, {})).json().data as {
      inviteCode: string;
    };
    for (const person of people.slice(1)) await call(person, 'POST', `/api/draw/join-channel/${inviteCode}`);
    // Interleaved, two each: six messages by three people.
    for (let round = 0; round < 2; round++) {
      for (const [i, person] of people.entries())
        expect(
          (await call(person, 'POST', `/api/draw/chat/${id}`, { content: `${names[i]} ${round}` }))
            .statusCode,
        ).toBe(200);
    }

    const { storage, calls } = countingUsers();
    const { services } = app;
    const messages = messagesService({
      repo: messagesRepository(app.storage),
      users: usersRepository(storage),
      channels: services.channels,
      hub: services.hub,
      now: Date.now,
      tasksByIds: async () => [],
    });
    const page: MessagePage = await messages.page(owner!.user.id, id, undefined);
    const texts = page.messages.filter((m: Message) => m.kind === 'text');
    expect(texts.map((m) => [m.author.name, m.content])).toEqual([
      ['Ann', 'Ann 0'],
      ['Bo', 'Bo 0'],
      ['Cy', 'Cy 0'],
      ['Ann', 'Ann 1'],
      ['Bo', 'Bo 1'],
      ['Cy', 'Cy 1'],
    ]);
    expect(texts.map((m) => m.author.id)).toEqual([...people, ...people].map((p) => p.user.id));
    expect(calls).toEqual(['find']);
  });
});
