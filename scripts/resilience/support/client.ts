import type { LoginAnswer, MessagePage, Task } from '@draw/shared';

/**
 * HTTP calls that never throw: the crash suite calls servers that may die mid-request, and only
 * counts what the server acknowledged (a 2xx answer with a success envelope).
 */
export type Outcome<T> =
  { acknowledged: true; data: T } | { acknowledged: false; status: number | null; message: string };

export async function call<T>(
  origin: string,
  method: string,
  url: string,
  token?: string,
  body?: object,
  timeoutMs = 15_000,
): Promise<Outcome<T>> {
  try {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const envelope = (await res.json()) as { success?: boolean; data: T; message?: string };
    if (res.ok && envelope.success === true) return { acknowledged: true, data: envelope.data };
    return { acknowledged: false, status: res.status, message: envelope.message ?? '' };
  } catch (error) {
    return {
      acknowledged: false,
      status: null,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Like `call`, but anything but an acknowledgement is a test failure. */
export async function must<T>(
  origin: string,
  method: string,
  url: string,
  token?: string,
  body?: object,
): Promise<T> {
  const outcome = await call<T>(origin, method, url, token, body);
  if (!outcome.acknowledged)
    throw new Error(`${method} ${url}: ${outcome.status ?? 'no answer'} ${outcome.message}`);
  return outcome.data;
}

/**
 * Like `must`, but a 429 waits its turn and tries again, as a person would: suites that post
 * faster than a person may (the chat allows 20 per user per 10 s) are not testing the limit.
 */
export async function mustInTurn<T>(
  origin: string,
  method: string,
  url: string,
  token?: string,
  body?: object,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await call<T>(origin, method, url, token, body);
    if (outcome.acknowledged) return outcome.data;
    if (outcome.status !== 429 || attempt >= 20)
      throw new Error(`${method} ${url}: ${outcome.status ?? 'no answer'} ${outcome.message}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

export interface Member {
  label: string;
  token: string;
  userId: string;
}

/**
 * Signs a phone user in over real HTTP. The server trusts `x-forwarded-for` (trustProxy), and
 * sign-ins are limited per address, so each member comes from an address of its own.
 */
export async function signIn(origin: string, phone: string, label: string, address: string): Promise<Member> {
  const headers = { 'x-forwarded-for': address };
  const sent = (await (
    await fetch(`${origin}/api/login/send-login-code?phone=${phone}`, { headers })
  ).json()) as { data: { devCode: string } };
  const res = await fetch(`${origin}/api/login/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ loginType: 'Captcha', account: phone, code: sent.data.devCode }),
  });
  const answer = ((await res.json()) as { data: LoginAnswer }).data;
  return { label, token: answer.token, userId: answer.user.id };
}

/** The creator makes a channel and everyone else joins it through an invite code, as users do. */
export async function channelWithMembers(
  origin: string,
  creator: Member,
  joiners: readonly Member[],
  title: string,
): Promise<string> {
  const channel = await must<{ id: string }>(origin, 'POST', '/api/draw/channel', creator.token, {
    title,
    isBan: false,
  });
  const invite = await must<{ inviteCode: string }>(
    origin,
    'POST',
    `/api/draw/invite-code/${channel.id}`,
    creator.token,
    {},
  );
  for (const member of joiners)
    await must(origin, 'POST', `/api/draw/join-channel/${invite.inviteCode}`, member.token);
  return channel.id;
}

const PAGE_LIMIT = 100;
const MAX_PAGES = 50;

/** Every message of a channel as the server answers it (newest page, then older ones), oldest first. */
export async function wholeChannel(origin: string, token: string, channelId: string): Promise<MessagePage> {
  const newest = await must<MessagePage>(
    origin,
    'GET',
    `/api/draw/chat/${channelId}?limit=${PAGE_LIMIT}`,
    token,
  );
  let messages = newest.messages;
  let tasks = newest.tasks;
  let hasMore = newest.hasMore;
  for (let page = 0; hasMore && page < MAX_PAGES; page++) {
    const before = messages[0]!.createdAt;
    const older = await must<MessagePage>(
      origin,
      'GET',
      `/api/draw/chat/${channelId}?limit=${PAGE_LIMIT}&before=${before}`,
      token,
    );
    messages = [...older.messages, ...messages];
    tasks = [...older.tasks, ...tasks];
    hasMore = older.hasMore;
  }
  if (hasMore) throw new Error(`channel ${channelId} has more than ${MAX_PAGES} pages`);
  return { messages, tasks, hasMore: false, seq: newest.seq };
}

/** Tasks by id (the route takes at most 200 ids per call). */
export async function tasksByIds(
  origin: string,
  token: string,
  channelId: string,
  ids: readonly string[],
): Promise<Task[]> {
  const found: Task[] = [];
  for (let start = 0; start < ids.length; start += 200) {
    found.push(
      ...(await must<Task[]>(origin, 'POST', `/api/draw/tasks/${channelId}`, token, {
        ids: ids.slice(start, start + 200),
      })),
    );
  }
  return found;
}

/** What a user sees of a message and of the task card it carries: the fields compared with the server. */
export function visibleItem(
  message: { id: string; kind: string; content: string; taskId: string | null; author: { id: string } },
  task: Task | null | undefined,
) {
  return {
    id: message.id,
    kind: message.kind,
    content: message.content,
    author: message.author.id,
    task: task
      ? {
          id: task.id,
          status: task.status,
          progress: task.progress,
          imageUrl: task.imageUrl,
          failReason: task.failReason,
          buttons: task.buttons.length,
        }
      : null,
  };
}
