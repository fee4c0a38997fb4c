// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { ImageViewer } from './ImageViewer';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

afterEach(() => vi.clearAllMocks());

describe('image viewer', () => {
  it('shows the image with download and copy link, and closes with Esc', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const onClose = vi.fn();
    render(
      <TooltipProvider>
        <ImageViewer image={{ src: '/files/abc.png', alt: 'a red fox' }} onClose={onClose} />
      </TooltipProvider>,
    );
    const viewer = screen.getByTestId('viewer');
    expect(screen.getByTestId('viewer-image').getAttribute('alt')).toBe('a red fox');
    const download = screen.getByTestId('viewer-download');
    expect(download.getAttribute('href')).toBe('/files/abc.png');
    expect(download.getAttribute('download')).toBe('abc.png');

    fireEvent.click(screen.getByTestId('viewer-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/files/abc.png`));
    const { notify } = await import('../../../lib/notify');
    expect(notify.success).toHaveBeenCalledWith('复制成功');

    fireEvent.click(screen.getByTestId('viewer-actual'));
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('100%');
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('125%');

    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
