// @vitest-environment jsdom
import '../../test/dom';
import '../../i18n';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { envelope } from '../../test/dom';
import { removeToken, setToken } from '../../stores/auth';
import { InvitePage } from './InvitePage';

vi.mock('../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const valid = {
  valid: true,
  title: 'lobby',
  creatorName: 'Ada',
  memberCount: 3,
  channelId: null,
  banned: false,
};
let answers: Record<string, () => Response>;
let fetchMock: ReturnType<typeof vi.fn>;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function renderInvite(code = 'AbCdEfGh12') {
  return render(
    <MemoryRouter initialEntries={[`/invite/${code}`]}>
      <Routes>
        <Route path="/invite/:code" element={<InvitePage />} />
        <Route path="/draw/:uuid?" element={<p>draw</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const gone = () =>
  new Response(
    JSON.stringify({
      code: 410,
      message: '邀请链接已过期或已失效',
      data: null,
      success: false,
      reason: 'gone',
    }),
    { status: 410 },
  );

beforeEach(() => {
  setToken('signed-in-token');
  answers = {
    'GET /api/login/channel/AbCdEfGh12': () => envelope(valid),
    'POST /api/draw/join-channel/AbCdEfGh12': () =>
      envelope({
        id: 'c7',
        title: 'lobby',
        isBan: false,
        isCreator: false,
        creatorId: 'ada',
        memberCount: 4,
        createdAt: 1,
        engine: null,
      }),
  };
  fetchMock = vi.fn(
    async (url: string, init: RequestInit) =>
      answers[`${init.method} ${url}`]?.() ?? new Response('nope', { status: 500 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  removeToken();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('invite screen', () => {
  it('shows a visitor where the link leads, and sends them to sign in (and back) to join', async () => {
    removeToken();
    render(
      <MemoryRouter initialEntries={['/invite/AbCdEfGh12']}>
        <Routes>
          <Route path="/invite/:code" element={<InvitePage />} />
          <Route path="/login" element={<p>login</p>} />
        </Routes>
        <Where />
        <Search />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('invite-title')).textContent).toBe('#lobby');
    expect(screen.getByTestId('invite-member-count').textContent).toBe('3 位成员');
    const join = screen.getByTestId('invite-join');
    expect(join.textContent).toBe('登录后加入');
    fireEvent.click(join);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(screen.getByTestId('search').textContent).toBe(
      `?redirect=${encodeURIComponent('/invite/AbCdEfGh12')}`,
    );
    expect(fetchMock).not.toHaveBeenCalledWith('/api/draw/join-channel/AbCdEfGh12', expect.anything());
  });

  it('shows the channel, its creator and member count, and joins', async () => {
    renderInvite();
    expect(screen.getByRole('status')).toBeTruthy();
    expect((await screen.findByTestId('invite-title')).textContent).toBe('#lobby');
    expect(screen.getByTestId('invite-creator').textContent).toBe('Ada 邀请你加入');
    expect(screen.getByTestId('invite-member-count').textContent).toBe('3 位成员');
    fireEvent.click(screen.getByTestId('invite-join'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw/c7'));
    expect(notify.success).toHaveBeenCalledWith('已加入频道');
  });

  it('sends a member straight to the channel', async () => {
    answers['GET /api/login/channel/AbCdEfGh12'] = () => envelope({ ...valid, channelId: 'c7' });
    renderInvite();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw/c7'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('join-channel'))).toBe(false);
  });

  it('shows a clear screen with a way on for an invalid link', async () => {
    answers['GET /api/login/channel/AbCdEfGh12'] = () =>
      envelope({ valid: false, title: '', creatorName: '', memberCount: 0, channelId: null, banned: false });
    renderInvite();
    expect((await screen.findByTestId('invite-invalid')).textContent).toContain('邀请无效');
    expect(screen.getByTestId('invite-home').getAttribute('href')).toBe('/draw');
  });

  it('turns to the invalid screen when the link expires before joining', async () => {
    answers['POST /api/draw/join-channel/AbCdEfGh12'] = gone;
    renderInvite();
    fireEvent.click(await screen.findByTestId('invite-join'));
    expect(await screen.findByTestId('invite-invalid')).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith('邀请链接已过期或已失效');
  });

  it('tells a banned user at once, with no join button and no retry', async () => {
    answers['GET /api/login/channel/AbCdEfGh12'] = () => envelope({ ...valid, banned: true });
    renderInvite();
    const screenBanned = await screen.findByTestId('invite-banned');
    expect(screenBanned.textContent).toContain('你已被该频道封禁');
    expect(screen.getByTestId('invite-problem-text').textContent).toBe(
      '频道创建者封禁了你。在解除封禁之前，任何邀请链接都无法让你加入。',
    );
    expect(screen.queryByTestId('invite-join')).toBeNull();
    expect(screen.queryByRole('button', { name: /重试/ })).toBeNull();
  });

  it('shows the server’s message when a join is refused by a ban', async () => {
    const message = '你已被该频道的创建者封禁，在解除封禁之前无法通过任何邀请链接加入';
    answers['POST /api/draw/join-channel/AbCdEfGh12'] = () =>
      new Response(JSON.stringify({ code: 400, message, data: null, success: false, reason: 'banned' }), {
        status: 400,
      });
    renderInvite();
    fireEvent.click(await screen.findByTestId('invite-join'));
    expect(await screen.findByTestId('invite-banned')).toBeTruthy();
    expect(screen.getByTestId('invite-problem-text').textContent).toBe(message);
    expect(screen.getByTestId('where').textContent).toBe('/invite/AbCdEfGh12');
  });

  it('offers a retry when the invite could not be fetched', async () => {
    answers['GET /api/login/channel/AbCdEfGh12'] = () => new Response('down', { status: 502 });
    renderInvite();
    expect(await screen.findByTestId('invite-failed')).toBeTruthy();
    answers['GET /api/login/channel/AbCdEfGh12'] = () => envelope(valid);
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect((await screen.findByTestId('invite-title')).textContent).toBe('#lobby');
  });
});
