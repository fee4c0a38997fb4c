// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { notify } from '../../../lib/notify';
import { setToken } from '../../../stores/auth';
import { resetUserInfo, setUserInfo, userInfoStore } from '../../../stores/userInfo';
import { ProfileSection } from './ProfileSection';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  resetUserInfo();
  setToken('tok', Date.now() + 3600_000);
  setUserInfo({ id: 'u1', name: 'Ada', description: 'Painter' });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('profile section', () => {
  it.each([
    ['its own status', 500],
    ['HTTP 200', 200],
  ])('keeps the profile as it was when the save fails (%s)', async (_, status) => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 500,
          message: '服务器内部错误',
          data: null,
          success: false,
          reason: 'internal',
        }),
        {
          status,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    );
    render(
      <TooltipProvider>
        <ProfileSection />
      </TooltipProvider>,
    );
    fireEvent.change(screen.getByTestId('settings-name'), { target: { value: 'Ada L.' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('服务器内部错误'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(userInfoStore.name).toBe('Ada');
  });
});
