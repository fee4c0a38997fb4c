// @vitest-environment jsdom
import '../../../test/dom';
import i18n from '../../../i18n';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { liveStore } from '../../../live/connection';
import { LiveStatusPill } from './LiveStatusPill';

afterEach(async () => {
  liveStore.status = 'idle';
  liveStore.refusal = null;
  await i18n.changeLanguage('zh-CN');
});

describe('LiveStatusPill', () => {
  it('says live updates stopped when the server refused this page’s protocol version', async () => {
    await i18n.changeLanguage('en-US');
    render(<LiveStatusPill />);
    await act(async () => {
      liveStore.status = 'refused';
      liveStore.refusal = 'client_too_old';
    });
    const pill = screen.getByTestId('live-status');
    expect(pill.getAttribute('data-status')).toBe('refused');
    expect(pill.textContent).toBe('Live updates stopped');
    expect(pill.className).not.toContain('sr-only');
  });

  it('shows nothing while live', async () => {
    render(<LiveStatusPill />);
    await act(async () => {
      liveStore.status = 'live';
    });
    expect(screen.getByTestId('live-status').className).toContain('sr-only');
  });
});
