// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/dom';
import { useSubmitModal } from './useSubmitModal';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const uploaded = {
  files: [{ id: 'mask-1.png', url: '/files/mask-1.png', mime: 'image/png', width: 8, height: 8, size: 70 }],
};
const mask = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'mask.png', { type: 'image/png' });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/upload' ? envelope(uploaded) : envelope({ taskId: 'r1' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('submitting a Vary (Region) editor', () => {
  it('uploads the mask as a file first, then sends the modal body naming it', async () => {
    const done = vi.fn();
    const { result } = renderHook(() => useSubmitModal('channel-1', 'r1', done));
    let ok = false;
    await act(async () => {
      ok = await result.current.submit({ prompt: 'a blue hat', mask: mask() });
    });
    expect(ok).toBe(true);
    expect(done).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [[uploadUrl, uploadInit], [modalUrl, modalInit]] = fetchMock.mock.calls as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(uploadUrl).toBe('/api/upload');
    const file = (uploadInit.body as FormData).get('file') as File;
    expect(file).toMatchObject({ name: 'mask.png', type: 'image/png', size: 4 });
    expect(modalUrl).toBe('/api/mj/submit/modal/channel-1');
    expect(JSON.parse(modalInit.body as string)).toEqual({
      taskId: 'r1',
      prompt: 'a blue hat',
      maskImageId: 'mask-1.png',
    });
  });

  it('stops at a refused upload: its message is shown once, nothing is submitted, the editor stays open', async () => {
    const refusal = {
      code: 413,
      message: 'Each image must be 1 MB or smaller',
      reason: 'payload_too_large',
      success: false,
      data: null,
    };
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify(refusal), {
          status: 413,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const done = vi.fn();
    const { result } = renderHook(() => useSubmitModal('channel-1', 'r1', done));
    let ok = true;
    await act(async () => {
      ok = await result.current.submit({ prompt: 'a blue hat', mask: mask() });
    });
    expect(ok).toBe(false);
    expect(done).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledOnce();
    const { notify } = await import('../../../lib/notify');
    expect(notify.error).toHaveBeenCalledOnce();
    expect(notify.error).toHaveBeenCalledWith('Each image must be 1 MB or smaller');
    expect(result.current.submitting).toBe(false);
  });
});
