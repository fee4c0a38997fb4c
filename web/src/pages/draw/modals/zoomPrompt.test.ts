import { describe, expect, it } from 'vitest';
import { joinZoomPrompt, splitZoomPrompt, validateZoom } from './zoomPrompt';

describe('custom zoom prompt', () => {
  it('takes the --zoom value out of the default prompt', () => {
    expect(splitZoomPrompt('a red fox in snow --zoom 2')).toEqual({ prompt: 'a red fox in snow', zoom: '2' });
    expect(splitZoomPrompt('a fox --ar 3:2 --zoom 1.5 --v 6')).toEqual({
      prompt: 'a fox --ar 3:2 --v 6',
      zoom: '1.5',
    });
    expect(splitZoomPrompt('a fox')).toEqual({ prompt: 'a fox', zoom: '2' });
  });

  it('accepts 1.0 to 2.0 only, with a reason', () => {
    expect(validateZoom('1')).toBeNull();
    expect(validateZoom('1.5')).toBeNull();
    expect(validateZoom('2.0')).toBeNull();
    expect(validateZoom(' ')).toBe('required');
    expect(validateZoom('abc')).toBe('notNumber');
    expect(validateZoom('1,5')).toBe('notNumber');
    expect(validateZoom('0.9')).toBe('range');
    expect(validateZoom('2.01')).toBe('range');
  });

  it('puts the value back as --zoom', () => {
    expect(joinZoomPrompt('a fox', '2')).toBe('a fox --zoom 2.0');
    expect(joinZoomPrompt(' a fox ', '1.25')).toBe('a fox --zoom 1.25');
  });
});
