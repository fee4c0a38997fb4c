// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onPrefill } from '../composer/prefill';
import { EXAMPLE_PROMPT, HowToDraw } from './HowToDraw';

describe('how to draw here (an empty channel)', () => {
  it('says how to draw in a few steps, and one click puts an example prompt in the composer', () => {
    const heard = vi.fn();
    const stop = onPrefill(heard);
    render(<HowToDraw channelId="c1" />);
    expect(screen.getByRole('heading', { name: '在这里画画' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('how-to-draw-example'));
    expect(heard).toHaveBeenCalledWith('c1', `/imagine ${EXAMPLE_PROMPT}`);
    stop();
  });
});
