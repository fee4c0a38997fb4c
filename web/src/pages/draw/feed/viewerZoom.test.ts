import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  clampZoom,
  currentScale,
  downloadName,
  fitScale,
  MAX_ZOOM,
  stepZoom,
} from './viewerZoom';

describe('viewer zoom', () => {
  it('fits the image in the stage, never above 100%', () => {
    expect(fitScale({ width: 2048, height: 1024 }, { width: 1024, height: 1024 })).toBe(0.5);
    expect(fitScale({ width: 200, height: 100 }, { width: 1024, height: 1024 })).toBe(1);
    expect(currentScale('fit', 0.5)).toBe(0.5);
  });

  it('steps in and out, snapping to 100% and clamping', () => {
    expect(stepZoom('fit', 0.9, 1)).toBe(1);
    expect(stepZoom(1, 0.5, 1)).toBe(1.25);
    expect(stepZoom(1.25, 0.5, -1)).toBe(1);
    expect(stepZoom(MAX_ZOOM, 0.5, 1)).toBe(MAX_ZOOM);
    expect(clampZoom(0)).toBe(0.1);
  });

  it('builds the absolute link and the download name', () => {
    expect(absoluteUrl('/files/abc.png', 'http://localhost:3000')).toBe(
      'http://localhost:3000/files/abc.png',
    );
    expect(absoluteUrl('https://cdn.example/x.png', 'http://localhost:3000')).toBe(
      'https://cdn.example/x.png',
    );
    expect(downloadName('/files/abc.png?x=1')).toBe('abc.png');
    expect(downloadName('')).toBe('image.png');
  });
});
