// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../stores/auth';
import { useAdminImage } from './useAdminImage';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  setToken('admin-token');
  fetchMock = vi.fn(async () => new Response('png bytes', { headers: { 'content-type': 'image/png' } }));
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:shown');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an image as the console shows it', () => {
  it('reads our own file with the admin’s token, so a hidden image still shows for the admin', async () => {
    const { result, unmount } = renderHook(() => useAdminImage('/files/abc.png'));
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe('blob:shown'));
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/files/abc.png');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer admin-token');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:shown');
  });

  it('sends no token to another host: such an image is shown by its address', () => {
    const { result } = renderHook(() => useAdminImage('https://cdn.example.com/a.png'));
    expect(result.current).toBe('https://cdn.example.com/a.png');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing when the file cannot be read', async () => {
    fetchMock.mockImplementation(async () => new Response('Not found', { status: 404 }));
    const { result } = renderHook(() => useAdminImage('/files/gone.png'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(result.current).toBeNull();
  });
});
