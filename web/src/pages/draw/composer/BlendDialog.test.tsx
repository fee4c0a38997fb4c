// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { BotType } from '@draw/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { setToken } from '../../../stores/auth';
import { envelope } from '../../../test/dom';
import { BlendDialog } from './BlendDialog';
import { failure, pngFile } from './testing';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  setToken('tok', Date.now() + 3600_000);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/upload')
      return envelope({ files: [{ id: 'a.png' }, { id: 'b.png' }, { id: 'c.png' }] });
    if (url === '/api/mj/submit/blend/c1') return envelope({ taskId: 't9' });
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderDialog(initialFiles: File[] = []) {
  const props = { onOpenChange: vi.fn(), onSubmitted: vi.fn(), onMuted: vi.fn() };
  render(
    <BlendDialog open channelId="c1" botType={BotType.NijiJourney} initialFiles={initialFiles} {...props} />,
  );
  return props;
}
const pick = (files: File[]) =>
  fireEvent.change(screen.getByTestId('blend-file-input'), { target: { files } });
const submit = () => screen.getByTestId('blend-submit') as HTMLButtonElement;

describe('blend dialog', () => {
  it('needs 2 to 6 images before it can submit', async () => {
    renderDialog();
    expect(screen.getByTestId('blend-dialog')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    pick([pngFile('a.png')]);
    await screen.findByTestId('blend-image-0');
    expect(submit().disabled).toBe(true);
    pick([pngFile('b.png')]);
    await screen.findByTestId('blend-image-1');
    expect(submit().disabled).toBe(false);
    pick(Array.from({ length: 5 }, (_, i) => pngFile(`x${i}.png`)));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('混图需要 2-6 张图片'));
    expect(screen.queryByTestId('blend-image-2')).toBeNull();
  });

  it('refuses files over 1 MB and of other types', async () => {
    renderDialog();
    pick([pngFile('big.png', 1024 * 1024 + 1), new File(['hi'], 'a.txt', { type: 'text/plain' })]);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('图片大小不能超过 1M'));
    expect(notify.error).toHaveBeenCalledWith('只能上传 jpg/gif/png/jpeg/webp 格式的图片');
    expect(screen.queryByTestId('blend-image-0')).toBeNull();
  });

  it('starts with the composer images, picks the dimensions, uploads and submits', async () => {
    const props = renderDialog([pngFile('a.png'), pngFile('b.png')]);
    expect(screen.getByTestId('blend-image-1')).toBeTruthy();
    expect(screen.getByTestId('blend-dimensions-square').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('blend-dimensions-portrait'));
    expect(screen.getByTestId('blend-dimensions-portrait').getAttribute('aria-checked')).toBe('true');
    pick([pngFile('c.png')]);
    await screen.findByTestId('blend-image-2');
    fireEvent.click(submit());
    await waitFor(() => expect(props.onSubmitted).toHaveBeenCalledWith({ taskId: 't9' }));
    const blend = fetchMock.mock.calls.find(([url]) => url === '/api/mj/submit/blend/c1')!;
    expect(JSON.parse(String((blend[1] as RequestInit).body))).toEqual({
      imageIds: ['a.png', 'b.png', 'c.png'],
      dimensions: 'PORTRAIT',
      botType: BotType.NijiJourney,
    });
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('removes an image', async () => {
    renderDialog([pngFile('a.png'), pngFile('b.png')]);
    fireEvent.click(screen.getByTestId('blend-remove-0'));
    expect(screen.queryByTestId('blend-image-1')).toBeNull();
    expect(submit().disabled).toBe(true);
  });

  it('tells the composer when the channel is muted', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/upload'
        ? envelope({ files: [{ id: 'a.png' }, { id: 'b.png' }] })
        : failure(423, '该频道已开启全员禁言', 'channel_muted'),
    );
    const props = renderDialog([pngFile('a.png'), pngFile('b.png')]);
    fireEvent.click(submit());
    await waitFor(() => expect(props.onMuted).toHaveBeenCalled());
    expect(props.onSubmitted).not.toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledTimes(1);
  });
});
