// @vitest-environment jsdom
import '../../test/dom';
import '../../i18n';
import type { ArchiveItem, Task } from '@draw/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../test/dom';
import { ArchiveDetails } from './ArchiveDetails';
import { ArchiveToolbar } from './ArchiveToolbar';

vi.mock('../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const task = (patch: Partial<Task>): Task => ({
  id: 't1',
  channelId: 'c1',
  userId: 'u1',
  botType: 'MID_JOURNEY',
  action: 'IMAGINE',
  status: 'SUCCESS',
  prompt: 'a river at dawn',
  promptEn: '',
  finalPrompt: 'a river at dawn',
  description: '',
  submitTime: 1,
  startTime: 1,
  finishTime: 2,
  progress: '100%',
  previewUrl: null,
  imageUrl: '/files/poster.png',
  videoUrl: null,
  failReason: null,
  buttons: [],
  parentId: null,
  seed: '42',
  engine: 'builtin',
  properties: { width: 1024, height: 576 },
  ...patch,
});
const item = (patch: Partial<Task>): ArchiveItem => ({
  task: task(patch),
  author: { id: 'u1', name: 'Ann', avatar: '' },
  channel: { id: 'c1', title: 'lobby', open: true },
  favorite: false,
});

function show(shown: ArchiveItem) {
  render(
    <MemoryRouter>
      <ArchiveDetails item={shown} onClose={() => {}} onOpen={() => {}} onToggleFavorite={() => {}} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelope(null)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('an image in the archive', () => {
  it('names the action and the engine as people say them, not by their internal codes', () => {
    show(item({ action: 'UPSCALE', properties: { index: 2, width: 1024, height: 1024 } }));
    expect(screen.getByTestId('archive-action').textContent).toBe('放大（第 2 张）');
    expect(screen.getByTestId('archive-engine').textContent).toBe('内置草图引擎');
    expect(screen.getByTestId('archive-details').textContent).not.toMatch(/UPSCALE|builtin/);
  });

  it('plays a clip: an MP4 in a video player with its poster, an animated WebP as a picture', () => {
    show(item({ action: 'VIDEO', videoUrl: '/files/clip.mp4' }));
    const video = screen.getByTestId('archive-clip');
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/files/clip.mp4');
    expect(video.getAttribute('poster')).toBe('/files/poster.png');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(screen.getByTestId('archive-download').getAttribute('href')).toBe('/files/clip.mp4');
  });

  it('plays the built-in engine’s animated WebP clip as a picture', () => {
    show(item({ action: 'VIDEO', videoUrl: '/files/clip.webp' }));
    const clip = screen.getByTestId('archive-clip');
    expect(clip.tagName).toBe('IMG');
    expect(clip.getAttribute('src')).toBe('/files/clip.webp');
  });

  it('captions a blend made without a prompt by what it mixed', () => {
    show(
      item({
        action: 'BLEND',
        prompt: '',
        properties: { referenceUrls: ['/files/a.png', '/files/b.png', '/files/c.png'] },
      }),
    );
    expect(screen.getByTestId('archive-details').textContent).toContain('3 张图片的混合');
  });
});

describe('the filters', () => {
  it('offer Clips among the kinds, and on a phone open in a sheet from one button', () => {
    const onChange = vi.fn();
    render(<ArchiveToolbar compact filters={{}} channels={[]} onChange={onChange} />);
    expect(screen.queryByTestId('archive-kind')).toBeNull();
    fireEvent.click(screen.getByTestId('archive-filters-open'));
    const sheet = screen.getByTestId('archive-filters-sheet');
    const kind = within(sheet).getByTestId('archive-kind');
    expect(within(kind).getByRole('option', { name: '视频' })).toBeTruthy();
    fireEvent.change(kind, { target: { value: 'clip' } });
    expect(onChange).toHaveBeenCalledWith({ kind: 'clip' });
  });
});
