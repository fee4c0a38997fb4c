// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { notify } from '../../../lib/notify';
import { envelope } from '../../../test/dom';
import { ChannelFormDialog } from './ChannelFormDialog';
import { InviteDialog } from './InviteDialog';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const saved = {
  id: 'c9',
  title: 'lobby',
  isBan: true,
  isCreator: true,
  creatorId: 'u1',
  memberCount: 1,
  createdAt: 1,
  engine: null,
};
let fetchMock: ReturnType<typeof vi.fn>;

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return {
    url,
    method: init.method,
    body: init.body ? JSON.parse(String(init.body)) : undefined,
    headers: new Headers(init.headers),
  };
}

beforeEach(() => {
  fetchMock = vi.fn(async () => envelope(saved));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('create / edit channel dialog', () => {
  function renderForm(props: Partial<Parameters<typeof ChannelFormDialog>[0]> = {}) {
    const onOpenChange = vi.fn();
    const onSaved = vi.fn();
    render(
      <TooltipProvider>
        <ChannelFormDialog open onOpenChange={onOpenChange} onSaved={onSaved} {...props} />
      </TooltipProvider>,
    );
    return { onOpenChange, onSaved, dialog: screen.getByRole('dialog') };
  }

  it('is 460 px wide with 创建频道, the read-only 文字频道 type and the 全员禁言 explanation', () => {
    const { dialog } = renderForm();
    expect(dialog.style.width).toBe('460px');
    expect(dialog.style.maxWidth).toBe('90vw');
    expect(within(dialog).getByRole('heading').textContent).toBe('创建频道');
    expect(within(dialog).getByRole('radio').getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText('文字频道')).toBeTruthy();
    expect(within(dialog).getByText('开启后，只有管理员可以发送消息')).toBeTruthy();
    expect(screen.getByTestId('channel-submit').textContent).toBe('创建频道');
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
  });

  it('validates the name inline (1–32 characters after trimming) without calling the server', async () => {
    renderForm();
    fireEvent.click(screen.getByTestId('channel-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain('请输入频道名称');
    fireEvent.change(screen.getByTestId('channel-title-input'), { target: { value: 'x'.repeat(33) } });
    expect(screen.getByRole('alert').textContent).toContain('频道名称不能超过 32 个字符');
    expect(screen.getByTestId('channel-title-input').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByTestId('channel-title-input'), { target: { value: '  lobby ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates with the trimmed name and the mute switch, toasts 保存成功 and closes', async () => {
    const { onOpenChange, onSaved } = renderForm();
    fireEvent.change(screen.getByTestId('channel-title-input'), { target: { value: '  lobby ' } });
    fireEvent.click(screen.getByTestId('channel-ban-switch'));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(lastCall()).toMatchObject({
      url: '/api/draw/channel',
      method: 'POST',
      body: { title: 'lobby', isBan: true },
    });
    expect(notify.success).toHaveBeenCalledWith('保存成功');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('edits: 修改频道 filled in, PUT, toasts 修改成功', async () => {
    const { onSaved, dialog } = renderForm({
      channel: { id: 'c9', title: 'old', isBan: true, memberCount: 2 },
    });
    expect(within(dialog).getByRole('heading').textContent).toBe('修改频道');
    expect(screen.getByTestId('channel-submit').textContent).toBe('修改频道');
    expect((screen.getByTestId('channel-title-input') as HTMLInputElement).value).toBe('old');
    expect(screen.getByTestId('channel-ban-switch').getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByTestId('channel-title-input'), { target: { value: 'new' } });
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(lastCall()).toMatchObject({
      url: '/api/draw/channel/c9',
      method: 'PUT',
      body: { title: 'new', isBan: true },
    });
    expect(notify.success).toHaveBeenCalledWith('修改成功');
  });

  it('offers deleting only when editing, in a dialog of its own that asks for the name; the edit is not saved', async () => {
    renderForm();
    expect(screen.queryByTestId('channel-delete-open')).toBeNull();
    cleanup();
    const { onOpenChange, onSaved } = renderForm({
      channel: { id: 'c9', title: 'old', isBan: false, memberCount: 2 },
    });
    // What the server answers: null for the deletion, the list after it.
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) =>
      envelope(init.method === 'DELETE' ? null : [saved]),
    );
    fireEvent.click(screen.getByTestId('channel-delete-open'));
    const dialog = await screen.findByTestId('channel-delete-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('删除 #old');
    fireEvent.change(within(dialog).getByTestId('channel-delete-name'), { target: { value: 'old' } });
    fireEvent.click(within(dialog).getByTestId('channel-delete-confirm'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('删除成功'), { timeout: 3_000 });
    // (The engines list the settings read for the engine field is not a change.)
    const changes = fetchMock.mock.calls
      .map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`)
      .filter((call) => call !== 'GET /api/draw/engines');
    expect(changes).toEqual(['DELETE /api/draw/channel/c9', 'GET /api/draw/channels']);
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('stays open when the server refuses', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            code: 400,
            message: '频道名称不合法',
            data: null,
            success: false,
            reason: 'bad_request',
          }),
          { status: 400 },
        ),
    );
    const { onOpenChange, onSaved } = renderForm();
    fireEvent.change(screen.getByTestId('channel-title-input'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('频道名称不合法'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('invite dialog', () => {
  const invite = { inviteCode: 'AbCdEfGh12', inviteExpireTimeFormat: '该链接永不过期', expireAt: null };

  function renderInvite() {
    const onClose = vi.fn();
    render(
      <TooltipProvider>
        <InviteDialog channel={{ id: 'c9', title: 'lobby' }} onClose={onClose} />
      </TooltipProvider>,
    );
    return { onClose, dialog: screen.getByRole('dialog') };
  }

  it('shows 邀请成员加入 # {title} at 520 px, the link from the current code and the server’s expiry line', async () => {
    fetchMock.mockImplementation(async () => envelope(invite));
    const { dialog } = renderInvite();
    expect(dialog.style.width).toBe('520px');
    expect(within(dialog).getByRole('heading').textContent).toBe('邀请成员加入 # lobby');
    expect((screen.getByTestId('invite-copy') as HTMLButtonElement).disabled).toBe(true);
    const link = (await screen.findByTestId('invite-link')) as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe(`${window.location.origin}/invite/AbCdEfGh12`));
    expect(link.readOnly).toBe(true);
    expect(screen.getByTestId('invite-expiry-text').textContent).toBe('该链接永不过期');
    const call = lastCall();
    expect(call).toMatchObject({ url: '/api/draw/invite-code/c9', method: 'POST', body: {} });
    expect(call.headers.get('X-Time-Zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByTestId('invite-expiry').textContent).toBe('从不');
  });

  it('copies the link (复制成功) and the copied state resets after 2 s', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fetchMock.mockImplementation(async () => envelope(invite));
    renderInvite();
    const copy = screen.getByTestId('invite-copy') as HTMLButtonElement;
    await waitFor(() => expect(copy.disabled).toBe(false));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(copy);
    await waitFor(() => expect(copy.textContent).toBe('已复制'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/AbCdEfGh12`);
    expect(notify.success).toHaveBeenCalledWith('复制成功');
    await vi.advanceTimersByTimeAsync(1_900);
    expect(copy.textContent).toBe('已复制');
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(copy.textContent).toBe('复制'));
  });

  it('generates a new link with the chosen expiry (重新生成成功)', async () => {
    fetchMock.mockImplementation(async () => envelope(invite));
    renderInvite();
    await waitFor(() =>
      expect((screen.getByTestId('invite-regenerate') as HTMLButtonElement).disabled).toBe(false),
    );
    fetchMock.mockImplementation(async () =>
      envelope({ inviteCode: 'NewCode999', inviteExpireTimeFormat: '该链接永不过期', expireAt: null }),
    );
    fireEvent.click(screen.getByTestId('invite-regenerate'));
    await waitFor(() =>
      expect((screen.getByTestId('invite-link') as HTMLInputElement).value).toContain('/invite/NewCode999'),
    );
    expect(lastCall()).toMatchObject({ method: 'POST', body: { isNew: true, expireHours: -1 } });
    expect(notify.success).toHaveBeenCalledWith('重新生成成功');
  });
});
