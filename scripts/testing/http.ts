/** Plain-HTTP helpers for tests that drive whole server processes. */

/** Calls the API and unwraps the envelope; a failed envelope throws with its message. */
export async function api<T>(
  origin: string,
  method: string,
  url: string,
  token?: string,
  body?: object,
): Promise<T> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { success: boolean; data: T; message: string };
  if (!envelope.success) throw new Error(`${method} ${url}: ${envelope.message}`);
  return envelope.data;
}

/** Reads until `done` holds, or throws with the last value seen. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 40_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out at ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs a phone user in through the real send-code and login routes; returns the token. */
export async function signInByPhone(origin: string, phone: string): Promise<string> {
  const { devCode } = await api<{ devCode: string }>(
    origin,
    'GET',
    `/api/login/send-login-code?phone=${phone}`,
  );
  const { token } = await api<{ token: string }>(origin, 'POST', '/api/login/login', undefined, {
    loginType: 'Captcha',
    account: phone,
    code: devCode,
  });
  return token;
}
