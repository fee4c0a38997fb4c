// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { TaskStatus } from '@draw/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/dom';
import { makeTask } from '../feed/fixtures';
import { TaskEditor } from './TaskEditor';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const task = makeTask({
  id: 'z1',
  status: TaskStatus.Modal,
  properties: { modal: { kind: 'customZoom', defaultPrompt: 'a red fox in snow --zoom 2' } },
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => envelope({ taskId: 'z1' }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Custom Zoom editor', () => {
  it('splits the prompt and the zoom, refuses values outside 1.0–2.0 inline, then submits --zoom', async () => {
    const onClose = vi.fn();
    render(<TaskEditor task={task} parent={undefined} onClose={onClose} />);
    expect((screen.getByTestId('zoom-prompt') as HTMLTextAreaElement).value).toBe('a red fox in snow');
    const input = screen.getByTestId('zoom-input') as HTMLInputElement;
    expect(input.value).toBe('2');

    fireEvent.change(input, { target: { value: '2.5' } });
    expect(screen.getByTestId('zoom-error').textContent).toBe('缩放倍数需在 1.0 到 2.0 之间');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByTestId('zoom-submit'));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByTestId('zoom-error').textContent).toBe('缩放倍数必须是数字，例如 1.5');

    fireEvent.click(screen.getByRole('button', { name: '1.5' }));
    expect(screen.queryByTestId('zoom-error')).toBeNull();
    fireEvent.click(screen.getByTestId('zoom-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/mj/submit/modal/channel-1');
    expect(JSON.parse(init.body as string)).toEqual({ taskId: 'z1', prompt: 'a red fox in snow --zoom 1.5' });
  });

  it('keeps the editor open when the server refuses', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ code: 404, message: 'Task not found', success: false, data: null }), {
          status: 200,
        }),
    );
    const onClose = vi.fn();
    render(<TaskEditor task={task} parent={undefined} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('zoom-submit'));
    const { notify } = await import('../../../lib/notify');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Task not found'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('zoom-input')).toBeTruthy();
  });
});

describe('Prompt editor', () => {
  it('is prefilled with the suggestion and asks for a prompt when emptied', async () => {
    const suggestion = makeTask({
      id: 'p1',
      status: TaskStatus.Modal,
      properties: { modal: { kind: 'prompt', defaultPrompt: 'a fox, watercolor' } },
    });
    render(<TaskEditor task={suggestion} parent={undefined} onClose={vi.fn()} />);
    expect(screen.getByText('使用这条提示词绘画')).toBeTruthy();
    const prompt = screen.getByTestId('remix-prompt') as HTMLTextAreaElement;
    expect(prompt.value).toBe('a fox, watercolor');
    fireEvent.change(prompt, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('remix-submit'));
    expect(screen.getByRole('alert').textContent).toBe('请输入提示词');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
