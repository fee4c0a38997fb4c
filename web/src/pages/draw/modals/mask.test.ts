import { decode as decodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import {
  coverage,
  exportMask,
  extendPath,
  maskCovers,
  maskIsEmpty,
  normalizeRect,
  paintMask,
  toImageLength,
  toImagePoint,
  type CanvasLike,
  type MaskContext,
  type MaskShape,
} from './mask';

/** A 2D context that records what is drawn. */
function recorder() {
  const calls: string[] = [];
  const ctx: MaskContext = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    beginPath: () => calls.push('beginPath'),
    closePath: () => calls.push('closePath'),
    moveTo: (x, y) => calls.push(`moveTo ${x},${y}`),
    lineTo: (x, y) => calls.push(`lineTo ${x},${y}`),
    arc: (x, y, r) => calls.push(`arc ${x},${y} r${r}`),
    rect: (x, y, w, h) => calls.push(`rect ${x},${y} ${w}x${h}`),
    fill: () => calls.push(`fill ${String(ctx.fillStyle)}`),
    stroke: () => calls.push(`stroke ${String(ctx.strokeStyle)} w${ctx.lineWidth} ${ctx.lineCap}`),
    fillRect: (x, y, w, h) => calls.push(`fillRect ${String(ctx.fillStyle)} ${x},${y} ${w}x${h}`),
    clearRect: () => calls.push('clearRect'),
  };
  return { ctx, calls };
}

describe('pointer to image pixels', () => {
  const box = { left: 100, top: 50, width: 256, height: 256 };
  const natural = { width: 1024, height: 1024 };
  it('scales from the shown size to the natural size and clamps to the image', () => {
    expect(toImagePoint({ x: 100, y: 50 }, box, natural)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint({ x: 228, y: 178 }, box, natural)).toEqual({ x: 512, y: 512 });
    expect(toImagePoint({ x: 999, y: -10 }, box, natural)).toEqual({ x: 1024, y: 0 });
    expect(toImageLength(10, box, natural)).toBe(40);
  });
});

describe('selection geometry', () => {
  it('knows an empty selection', () => {
    expect(maskIsEmpty([])).toBe(true);
    expect(maskIsEmpty([{ kind: 'rect', from: { x: 5, y: 5 }, to: { x: 5, y: 90 } }])).toBe(true);
    expect(
      maskIsEmpty([
        {
          kind: 'lasso',
          points: [
            { x: 0, y: 0 },
            { x: 10, y: 10 },
          ],
        },
      ]),
    ).toBe(true);
    expect(maskIsEmpty([{ kind: 'brush', size: 20, points: [{ x: 5, y: 5 }] }])).toBe(false);
  });

  it('covers what each tool selects', () => {
    const rect: MaskShape = { kind: 'rect', from: { x: 60, y: 60 }, to: { x: 10, y: 10 } };
    expect(normalizeRect(rect.from, rect.to)).toEqual({ x: 10, y: 10, width: 50, height: 50 });
    expect(maskCovers([rect], { x: 30, y: 30 })).toBe(true);
    expect(maskCovers([rect], { x: 70, y: 30 })).toBe(false);

    const stroke: MaskShape = {
      kind: 'brush',
      size: 10,
      points: [
        { x: 0, y: 50 },
        { x: 100, y: 50 },
      ],
    };
    expect(maskCovers([stroke], { x: 50, y: 54 })).toBe(true);
    expect(maskCovers([stroke], { x: 50, y: 56 })).toBe(false);

    const triangle: MaskShape = {
      kind: 'lasso',
      points: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 0, y: 100 },
      ],
    };
    expect(maskCovers([triangle], { x: 20, y: 20 })).toBe(true);
    expect(maskCovers([triangle], { x: 80, y: 80 })).toBe(false);
    expect(coverage([triangle], { width: 100, height: 100 }, 2)).toBeCloseTo(0.5, 1);
    expect(
      coverage([{ kind: 'rect', from: { x: 0, y: 0 }, to: { x: 50, y: 100 } }], { width: 100, height: 100 }),
    ).toBeCloseTo(0.5, 1);
  });

  it('keeps strokes light', () => {
    const points = extendPath([{ x: 0, y: 0 }], { x: 0.5, y: 0.5 });
    expect(points).toHaveLength(1);
    expect(extendPath(points, { x: 3, y: 0 })).toHaveLength(2);
  });
});

describe('mask export', () => {
  it('paints black, then every selected shape in white', () => {
    const { ctx, calls } = recorder();
    paintMask(
      ctx,
      [
        { kind: 'rect', from: { x: 10, y: 10 }, to: { x: 30, y: 40 } },
        {
          kind: 'brush',
          size: 12,
          points: [
            { x: 1, y: 2 },
            { x: 5, y: 6 },
          ],
        },
        { kind: 'brush', size: 12, points: [{ x: 7, y: 7 }] },
        {
          kind: 'lasso',
          points: [
            { x: 0, y: 0 },
            { x: 9, y: 0 },
            { x: 0, y: 9 },
          ],
        },
        { kind: 'rect', from: { x: 1, y: 1 }, to: { x: 1, y: 1 } },
      ],
      { width: 64, height: 48 },
    );
    expect(calls).toEqual([
      'fillRect #000000 0,0 64x48',
      'fillRect #ffffff 10,10 20x30',
      'beginPath',
      'moveTo 1,2',
      'lineTo 5,6',
      'stroke #ffffff w12 round',
      'beginPath',
      'arc 7,7 r6',
      'fill #ffffff',
      'beginPath',
      'moveTo 0,0',
      'lineTo 9,0',
      'lineTo 0,9',
      'closePath',
      'fill #ffffff',
    ]);
  });

  it('exports a 1-bit greyscale PNG at the natural size: white where the painted pixel is at least mid-grey', () => {
    const { ctx, calls } = recorder();
    let made: CanvasLike | null = null;
    let reads = 0;
    // What the canvas would hold: row 0 white at x=0 and x=9, row 1 just under and at the threshold.
    const pixels = (x: number, y: number) =>
      y === 0 ? (x === 0 || x === 9 ? 255 : 0) : x === 3 ? 127 : x === 4 ? 128 : 0;
    const canvas: CanvasLike = {
      width: 0,
      height: 0,
      getContext: () =>
        Object.assign(ctx, {
          getImageData: (left: number, top: number, width: number, height: number) => {
            reads++;
            const data = new Uint8ClampedArray(width * height * 4);
            for (let y = 0; y < height; y++)
              for (let x = 0; x < width; x++)
                data.fill(pixels(left + x, top + y), (y * width + x) * 4, (y * width + x) * 4 + 3);
            return { data };
          },
        }),
    };
    const png = exportMask(
      [{ kind: 'rect', from: { x: 0, y: 0 }, to: { x: 4, y: 4 } }],
      { width: 10.4, height: 2 },
      () => (made = canvas),
    );
    expect(made).toMatchObject({ width: 10, height: 2 });
    expect(calls[0]).toBe('fillRect #000000 0,0 10x2');
    expect(reads).toBe(1);
    const decoded = decodePng(png);
    expect(decoded).toMatchObject({ width: 10, height: 2, depth: 1, channels: 1 });
    // Each row padded to whole bytes: 10 pixels take 2.
    expect(Array.from(decoded.data)).toEqual([0b1000_0000, 0b0100_0000, 0b0000_1000, 0b0000_0000]);
  });

  it('reads a tall mask back in bands of rows, each row landing where it belongs', () => {
    const { ctx } = recorder();
    const reads: number[] = [];
    const canvas: CanvasLike = {
      width: 0,
      height: 0,
      getContext: () =>
        Object.assign(ctx, {
          getImageData: (left: number, top: number, width: number, height: number) => {
            reads.push(height);
            const data = new Uint8ClampedArray(width * height * 4);
            for (const [x, y] of [
              [1, 300],
              [2, 599],
            ] as const)
              if (y >= top && y < top + height)
                data.fill(255, ((y - top) * width + x) * 4, ((y - top) * width + x) * 4 + 3);
            return { data };
          },
        }),
    };
    const decoded = decodePng(exportMask([], { width: 3, height: 600 }, () => canvas));
    expect(reads).toEqual([256, 256, 88]);
    const rows = Array.from(decoded.data);
    expect(rows.filter((row) => row !== 0)).toHaveLength(2);
    expect([rows[300], rows[599]]).toEqual([0b0100_0000, 0b0010_0000]);
  });
});
