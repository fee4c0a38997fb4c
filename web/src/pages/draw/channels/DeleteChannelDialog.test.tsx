// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { envelope } from '../../../test/dom';
import { DeleteChannelDialog, nameMatches } from './DeleteChannelDialog';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const channel = { id: 'c1', title: '画室', memberCount: 3 };
let fetchMock: ReturnType<typeof vi.fn>;
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => envelope(url === '/api/draw/channels' ? [] : null));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

function open(onDeleted = vi.fn()) {
  render(<DeleteChannelDialog channel={channel} open onOpenChange={vi.fn()} onDeleted={onDeleted} />);
  return { dialog: screen.getByTestId('channel-delete-dialog'), onDeleted };
}

const confirmButton = () => screen.getByTestId('channel-delete-confirm') as HTMLButtonElement;
const typeName = (value: string) =>
  fireEvent.change(screen.getByTestId('channel-delete-name'), { target: { value } });

describe('deleting a channel', () => {
  it('names the channel and says what every member loses', () => {
    const { dialog } = open();
    expect(within(dialog).getByRole('heading').textContent).toBe('删除 #画室');
    expect(dialog.textContent).toContain('对全部 3 位成员生效，无法撤销');
    const losses = within(screen.getByTestId('channel-delete-losses'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(losses).toEqual([
      '频道里的全部聊天消息和绘画任务记录',
      '图库里别人在这个频道画的图片（自己画的仍留在自己的图库）',
      '所有邀请链接：它们会立即失效',
    ]);
    expect(within(dialog).getByLabelText('请输入频道名称 画室 以确认')).toBe(
      screen.getByTestId('channel-delete-name'),
    );
  });

  it('keeps the red button off until the exact name is typed', () => {
    open();
    expect(confirmButton().disabled).toBe(true);
    typeName('画');
    expect(confirmButton().disabled).toBe(true);
    typeName('画室二');
    expect(confirmButton().disabled).toBe(true);
    typeName(' 画室 ');
    expect(confirmButton().disabled).toBe(false);
    // Enter in the field with the wrong name sends nothing.
    typeName('画');
    fireEvent.submit(confirmButton().form!);
    expect(calls()).toEqual([]);
  });

  it('deletes after 600 ms (a double press is one request), toasts 删除成功 and reloads the list', async () => {
    const { onDeleted } = open();
    typeName('画室');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(confirmButton());
    fireEvent.submit(confirmButton().form!);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(150);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('删除成功'));
    expect(calls()).toEqual(['DELETE /api/draw/channel/c1', 'GET /api/draw/channels']);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
  });

  it('toasts 删除失败 and stays open when the delete fails', async () => {
    fetchMock.mockImplementation(async () => new Response('boom', { status: 502 }));
    const { onDeleted } = open();
    typeName('画室');
    fireEvent.click(confirmButton());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('删除失败'), { timeout: 3_000 });
    expect(onDeleted).not.toHaveBeenCalled();
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
  });

  it('matches names exactly, spaces around aside', () => {
    expect(nameMatches('  lobby ', 'lobby')).toBe(true);
    expect(nameMatches('Lobby', 'lobby')).toBe(false);
    expect(nameMatches('', 'lobby')).toBe(false);
  });
});
