// @vitest-environment jsdom
import '../../../test/dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useTypeAnywhere } from './useTypeAnywhere';

function Page({ enabled = true, dialog = false }: { enabled?: boolean; dialog?: boolean }) {
  const input = useRef<HTMLTextAreaElement>(null);
  useTypeAnywhere(input, enabled);
  return (
    <div>
      <button type="button">U1</button>
      <input aria-label="search" />
      <textarea aria-label="composer" ref={input} />
      {dialog && <div role="dialog">settings</div>}
    </div>
  );
}

const composer = () => screen.getByLabelText('composer');

describe('typing anywhere reaches the message box', () => {
  it('moves focus to the composer on a printable key or a paste from the page', () => {
    render(<Page />);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(document.activeElement).toBe(composer());
    composer().blur();
    fireEvent.keyDown(document.body, { key: 'v', ctrlKey: true });
    expect(document.activeElement).toBe(composer());
  });

  it('leaves shortcuts, other fields, dialogs and a pressed button alone', () => {
    const { rerender } = render(<Page />);
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(document.activeElement).toBe(document.body);
    const search = screen.getByLabelText('search');
    search.focus();
    fireEvent.keyDown(search, { key: 'a' });
    expect(document.activeElement).toBe(search);
    const button = screen.getByRole('button', { name: 'U1' });
    button.focus();
    fireEvent.keyDown(button, { key: ' ' });
    expect(document.activeElement).toBe(button);
    rerender(<Page dialog />);
    button.focus();
    fireEvent.keyDown(button, { key: 'a' });
    expect(document.activeElement).toBe(button);
  });

  it('does nothing while switched off (muted, or on a phone)', () => {
    render(<Page enabled={false} />);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(document.activeElement).toBe(document.body);
  });
});
