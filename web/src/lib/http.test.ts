// @vitest-environment jsdom
import { StorageKeys } from '@draw/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appSettingStore } from '../stores/appSetting';
import { authStore, setToken } from '../stores/auth';
import { api } from './api';
import {
  call,
  download,
  HttpError,
  reportFailure,
  setNetworkDownShown,
  request,
  upload,
  UNKNOWN_ERROR_MESSAGE,
  type RequestOptions,
} from './http';
import { registerNavigate } from './navigation';
import { notify } from './notify';

/** The client's envelope rules, by URL (the app itself only calls through the route table). */
const http = {
  get: (url: string, options?: RequestOptions) => request('GET', url, undefined, options),
  post: (url: string, body?: unknown) => request('POST', url, body),
  put: (url: string, body?: unknown) => request('PUT', url, body),
  delete: (url: string) => request('DELETE', url),
};

vi.mock('./notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const REQUEST_FAILED = '请求失败，请稍后重试';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const ok = <T>(data: T) => ({ code: 200, message: '', data, success: true });
const fail = (code: number, message: string, reason = 'bad_request') => ({
  code,
  message,
  data: null,
  success: false,
  reason,
});

let fetchMock: ReturnType<typeof vi.fn>;
const navigate = vi.fn();

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  localStorage.clear();
  authStore.token = null;
  appSettingStore.language = 'zh-CN';
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  registerNavigate(navigate);
  window.history.replaceState(null, '', '/draw/abc?tab=1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  registerNavigate(null);
});

describe('requests', () => {
  it('uses an empty base URL, so calls go to the same origin', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok([])));
    await http.get('/api/draw/channels');
    expect(lastRequest().url).toBe('/api/draw/channels');
  });

  it('sends Authorization: Bearer <token> when a token exists', async () => {
    setToken('tok-1', Date.now() + 60_000);
    fetchMock.mockResolvedValue(jsonResponse(ok(null)));
    await http.get('/api/home/index');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok(null)));
    await http.get('/api/home/company-info');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('sends Accept-Language with the current app language', async () => {
    appSettingStore.language = 'en-US';
    fetchMock.mockResolvedValue(jsonResponse(ok(null)));
    await http.get('/api/home/index');
    expect(lastRequest().headers.get('Accept-Language')).toBe('en-US');
  });

  it('encodes query parameters and leaves out empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok({ resendAfter: 60 })));
    await http.get('/api/login/send-login-code', { params: { phone: '+86 138', skip: undefined } });
    expect(lastRequest().url).toBe('/api/login/send-login-code?phone=%2B86+138');
  });

  it('sends JSON bodies with PUT, POST and DELETE', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(ok({ id: '1' })));
    await http.put('/api/draw/channel/1', { title: 'a', isBan: false });
    expect(lastRequest().init.method).toBe('PUT');
    expect(lastRequest().headers.get('Content-Type')).toBe('application/json');
    expect(lastRequest().init.body).toBe(JSON.stringify({ title: 'a', isBan: false }));
    await http.post('/api/draw/channel', { title: 'b', isBan: true });
    expect(lastRequest().init.method).toBe('POST');
    await http.delete('/api/draw/channel/1');
    expect(lastRequest().init.method).toBe('DELETE');
    expect(lastRequest().init.body).toBeUndefined();
  });
});

describe('envelope answers', () => {
  it('returns only data when success is true', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok([{ id: 'c1' }])));
    await expect(http.get('/api/draw/channels')).resolves.toEqual([{ id: 'c1' }]);
  });

  it('applies the envelope rules to HTTP 200 answers', async () => {
    fetchMock.mockResolvedValue(jsonResponse(fail(409, 'Taken', 'conflict'), 200));
    await expect(http.get('/x')).rejects.toMatchObject({ message: 'Taken', reason: 'conflict', status: 200 });
  });

  it.each([
    [401, 200],
    [403, 200],
    [401, 401],
    [403, 403],
  ])(
    'code %i (HTTP %i) removes the token, goes to /login with a redirect, and throws',
    async (code, status) => {
      setToken('tok', Date.now() + 60_000);
      fetchMock.mockResolvedValue(
        jsonResponse(fail(code, 'Sign in again', code === 401 ? 'unauthorized' : 'forbidden'), status),
      );
      const error = await http.get('/api/draw/channels').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(localStorage.getItem(StorageKeys.auth)).toBeNull();
      expect(authStore.token).toBeNull();
      expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/draw/abc?tab=1')}`, {
        replace: true,
      });
    },
  );

  it('does not nest redirects when already on the login screen', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fdraw');
    fetchMock.mockResolvedValue(jsonResponse(fail(401, 'no'), 401));
    await expect(http.get('/x')).rejects.toBeInstanceOf(HttpError);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  // Spec §8: "the raw body is returned with no message". One error contract: it throws like every
  // failure (so no caller takes it for data), with the server's message and reason, untoasted.
  it.each([404, 500])('code %i at HTTP 200 throws HttpError unshown, with no toast', async (code) => {
    const body = fail(code, 'Not here', code === 404 ? 'not_found' : 'internal');
    fetchMock.mockResolvedValue(jsonResponse(body, 200));
    const error = (await http.get('/api/draw/channel/x').catch((caught: unknown) => caught)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 200,
      code,
      reason: body.reason,
      message: 'Not here',
      shown: false,
    });
    expect(notify.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('marks the failures it toasted as shown, so callers do not show them twice', async () => {
    fetchMock.mockResolvedValue(jsonResponse(fail(409, 'Taken', 'conflict'), 409));
    await expect(http.get('/x')).rejects.toMatchObject({ shown: true });
  });

  it.each([200, 400])(
    'shows the message as an error toast and throws it with the reason (HTTP %i)',
    async (status) => {
      fetchMock.mockResolvedValue(jsonResponse(fail(400, '频道名称不能为空', 'bad_request'), status));
      const error = (await http
        .post('/api/draw/channel', {})
        .catch((caught: unknown) => caught)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.message).toBe('频道名称不能为空');
      expect(error.reason).toBe('bad_request');
      expect(error.code).toBe(400);
      expect(error.status).toBe(status);
      expect(notify.error).toHaveBeenCalledWith('频道名称不能为空');
    },
  );

  it("throws 'Unknown error occurred' without a toast when an HTTP 200 failure has no message", async () => {
    fetchMock.mockResolvedValue(jsonResponse(fail(429, '', 'rate_limited'), 200));
    const error = (await http.get('/x').catch((caught: unknown) => caught)) as HttpError;
    expect(error.message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(error.reason).toBe('rate_limited');
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('answers with a status other than 200', () => {
  it.each([404, 500])(
    'never return the body of a code %i envelope: they throw with the status and show its message',
    async (code) => {
      const body = fail(code, '该手机号未注册', code === 404 ? 'not_found' : 'internal');
      fetchMock.mockResolvedValue(jsonResponse(body, code));
      const error = (await http
        .post('/api/login/forget-reset-pwd', {})
        .catch((caught: unknown) => caught)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(code);
      expect(error.code).toBe(code);
      expect(error.message).toBe('该手机号未注册');
      expect(notify.error).toHaveBeenCalledWith('该手机号未注册');
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('show 请求失败，请稍后重试 when the envelope has no message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(fail(429, '', 'rate_limited'), 429));
    const error = (await http.get('/x').catch((caught: unknown) => caught)) as HttpError;
    expect(error).toMatchObject({ status: 429, reason: 'rate_limited', message: REQUEST_FAILED });
    expect(notify.error).toHaveBeenCalledWith(REQUEST_FAILED);
  });

  it('throw even when the envelope says success', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok({ fine: true }), 202));
    const error = (await http.get('/x').catch((caught: unknown) => caught)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(202);
    expect(notify.error).toHaveBeenCalledWith(REQUEST_FAILED);
  });
});

describe('non-envelope answers', () => {
  it('throws an error carrying the status and shows 请求失败，请稍后重试', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await http.get('/x').catch((caught: unknown) => caught)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(502);
    expect(notify.error).toHaveBeenCalledWith(REQUEST_FAILED);
  });

  it.each([401, 403])('status %i also logs out and redirects', async (status) => {
    setToken('tok', Date.now() + 60_000);
    fetchMock.mockResolvedValue(new Response('nope', { status }));
    const error = (await http.get('/x').catch((caught: unknown) => caught)) as HttpError;
    expect(error.status).toBe(status);
    expect(authStore.token).toBeNull();
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/draw/abc?tab=1')}`, {
      replace: true,
    });
    expect(notify.error).toHaveBeenCalledWith(REQUEST_FAILED);
  });

  it('shows 请求失败，请稍后重试 on a network error and throws', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await http.get('/x').catch((caught: unknown) => caught)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(0);
    expect(notify.error).toHaveBeenCalledWith(REQUEST_FAILED);
  });

  it('does not toast a network error over the banner that already says the connection is down', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    setNetworkDownShown(true);
    try {
      const error = (await http.get('/x').catch((caught: unknown) => caught)) as HttpError;
      expect(error).toMatchObject({ status: 0, shown: true });
      reportFailure(error);
      expect(notify.error).not.toHaveBeenCalled();
    } finally {
      setNetworkDownShown(false);
    }
  });

  it('quiet: a network error is thrown unshown (the caller shows it in place), a refusal is still shown', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const route = api.messages.post;
    const error = (await call(route, { params: { id: 'c1' }, body: { content: 'hi' }, quiet: true }).catch(
      (caught: unknown) => caught,
    )) as HttpError;
    expect(error).toMatchObject({ status: 0, shown: false });
    expect(notify.error).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(jsonResponse(fail(400, '你已被禁言', 'channel_muted'), 400));
    await expect(
      call(route, { params: { id: 'c1' }, body: { content: 'hi' }, quiet: true }),
    ).rejects.toMatchObject({ reason: 'channel_muted', shown: true });
    expect(notify.error).toHaveBeenCalledWith('你已被禁言');
  });

  it('silent: no toast at all, refusals included (a call made ahead of need); the error says it was not shown', async () => {
    const route = api.messages.page;
    fetchMock.mockResolvedValue(jsonResponse(fail(400, '你不是该频道成员', 'forbidden'), 400));
    await expect(call(route, { params: { id: 'c1' }, query: {}, silent: true })).rejects.toMatchObject({
      reason: 'forbidden',
      shown: false,
    });
    fetchMock.mockResolvedValue(jsonResponse(fail(200, '频道已删除', 'not_found')));
    await expect(call(route, { params: { id: 'c1' }, query: {}, silent: true })).rejects.toMatchObject({
      shown: false,
    });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(route, { params: { id: 'c1' }, query: {}, silent: true })).rejects.toMatchObject({
      status: 0,
      shown: false,
    });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('refuses a 200 answer that is not the envelope (a proxy page, say): 请求失败，请稍后重试', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ hello: 'world' }));
    await expect(http.get('/x')).rejects.toMatchObject({
      status: 200,
      reason: null,
      message: REQUEST_FAILED,
      shown: true,
    });
    expect(notify.error).toHaveBeenCalledWith(REQUEST_FAILED);
  });
});

describe('upload', () => {
  it('posts multipart form data with each file under `file`', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok({ files: [{ id: 'f1', url: '/files/f1.png' }] })));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const answer = await upload([file]);
    expect(answer.files[0]?.url).toBe('/files/f1.png');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/upload');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).getAll('file')).toHaveLength(1);
    // The browser sets the multipart boundary itself.
    expect(headers.has('Content-Type')).toBe(false);
  });
});

describe('call: a route of the table', () => {
  const channel = {
    id: 'c/1',
    title: 'lobby',
    isBan: false,
    isCreator: true,
    creatorId: 'u1',
    memberCount: 1,
    createdAt: 1,
    engine: null,
  };

  it('fills the path from params (encoded), with the method of the table, and answers data', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok(channel)));
    await expect(
      call(api.channels.update, { params: { id: 'c/1' }, body: { title: 'lobby', isBan: false } }),
    ).resolves.toEqual(channel);
    const { url, init } = lastRequest();
    expect(url).toBe('/api/draw/channel/c%2F1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ title: 'lobby', isBan: false });
  });

  it('sends the query, leaving out what is undefined', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok({ messages: [], tasks: [], hasMore: false, seq: 3 })));
    await call(api.messages.page, { params: { id: 'c1' }, query: { before: undefined, limit: 50 } });
    expect(lastRequest().url).toBe('/api/draw/chat/c1?limit=50');
    expect(lastRequest().init.method).toBe('GET');
  });

  it('is typed by the table: the typecheck refuses a call without its params or with a wrong body', () => {
    // Never run: these lines only have to fail to compile (tsc checks each @ts-expect-error).
    const wrong = () => [
      // @ts-expect-error the path needs its id
      call(api.channels.detail),
      // @ts-expect-error the title is a string
      call(api.channels.create, { body: { title: 1, isBan: false } }),
      // @ts-expect-error no such query field
      call(api.archive.page, { query: { page: 2 } }),
    ];
    expect(typeof wrong).toBe('function');
  });

  it('needs no input for a route that takes none', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok([channel])));
    await expect(call(api.channels.list)).resolves.toEqual([channel]);
    expect(lastRequest().url).toBe('/api/draw/channels');
  });

  it('in development, lets through fields the table does not know (a newer server), and nothing else of another shape', async () => {
    fetchMock.mockResolvedValue(jsonResponse(ok({ ...channel, pinned: true })));
    await expect(call(api.channels.detail, { params: { id: 'c1' } })).rejects.toMatchObject({
      status: 200,
      message: REQUEST_FAILED,
      shown: true,
    });
    fetchMock.mockResolvedValue(jsonResponse(ok([{ ...channel, pinned: true }])));
    await expect(call(api.channels.list)).resolves.toEqual([{ ...channel, pinned: true }]);
    fetchMock.mockResolvedValue(jsonResponse(ok([{ id: 'c1' }])));
    await expect(call(api.channels.list)).rejects.toBeInstanceOf(HttpError);
    expect(notify.error).toHaveBeenCalledWith(REQUEST_FAILED);
  });

  it("throws the server's refusal as HttpError with its reason and localized message", async () => {
    fetchMock.mockResolvedValue(jsonResponse(fail(403, '你已被该频道封禁', 'banned'), 403));
    const error = (await call(api.channels.join, { params: { code: 'abc' } }).catch(
      (caught: unknown) => caught,
    )) as HttpError;
    expect(error).toMatchObject({ status: 403, reason: 'banned', message: '你已被该频道封禁', shown: true });
  });

  it('downloads a file route as a Blob, and throws its enveloped refusal', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([80, 75]), { status: 200, headers: { 'Content-Type': 'application/zip' } }),
    );
    const blob = await download(api.archive.zip, { body: { taskIds: ['t1'] } });
    expect(blob.size).toBe(2);
    expect(lastRequest().url).toBe('/api/archive/zip');
    expect(JSON.parse(String(lastRequest().init.body))).toEqual({ taskIds: ['t1'] });
    fetchMock.mockResolvedValue(jsonResponse(fail(404, '图片不存在', 'not_found'), 404));
    await expect(download(api.archive.zip, { body: { taskIds: ['t1'] } })).rejects.toMatchObject({
      status: 404,
      reason: 'not_found',
    });
  });
});

describe('reportFailure: a caller showing a failure itself', () => {
  it('shows each failure once: never a refusal the client already toasted, always one it did not', async () => {
    fetchMock.mockResolvedValue(jsonResponse(fail(403, '该频道已禁言', 'channel_muted'), 403));
    const shown = await call(api.channels.join, { params: { code: 'abc' } }).catch(
      (caught: unknown) => caught,
    );
    vi.mocked(notify.error).mockClear();
    expect(reportFailure(shown)).toBe('channel_muted');
    expect(notify.error).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(jsonResponse(fail(404, '任务不存在', 'not_found')));
    const unshown = await call(api.channels.join, { params: { code: 'abc' } }).catch(
      (caught: unknown) => caught,
    );
    expect(notify.error).not.toHaveBeenCalled();
    expect(reportFailure(unshown)).toBe('not_found');
    expect(notify.error).toHaveBeenCalledWith('任务不存在');
  });

  it('shows 请求失败，请稍后重试 for an error that is not a refusal, and nothing for an aborted call', () => {
    expect(reportFailure(new Error('boom'))).toBeNull();
    expect(notify.error).toHaveBeenCalledWith(REQUEST_FAILED);
    vi.mocked(notify.error).mockClear();
    expect(reportFailure(new DOMException('stopped', 'AbortError'))).toBeNull();
    expect(notify.error).not.toHaveBeenCalled();
  });
});
