/**
 * Vary (Region) selection as pure geometry. Shapes are kept in the image's own pixels (its
 * natural size), whatever size it is shown at, so the exported mask matches the image exactly.
 * Drawing goes through a minimal 2D-context interface: the browser's canvas in the app, a
 * recording fake in unit tests (jsdom has no canvas).
 */

import { encode as encodePng } from 'fast-png';

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export type MaskShape =
  | { kind: 'brush'; size: number; points: Point[] }
  | { kind: 'rect'; from: Point; to: Point }
  | { kind: 'lasso'; points: Point[] };

export type MaskTool = MaskShape['kind'];

/** Brush diameters offered, in image pixels per displayed pixel they scale with the view. */
export const BRUSH_MIN = 8;
export const BRUSH_MAX = 160;
export const BRUSH_DEFAULT = 48;

/** Where a pointer at (clientX, clientY) falls on the image, in image pixels, clamped to it. */
export function toImagePoint(
  client: Point,
  box: { left: number; top: number; width: number; height: number },
  natural: Size,
): Point {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  const x = ((client.x - box.left) / box.width) * natural.width;
  const y = ((client.y - box.top) / box.height) * natural.height;
  return { x: clamp(x, 0, natural.width), y: clamp(y, 0, natural.height) };
}

/** A length on screen as a length on the image. */
export function toImageLength(length: number, box: { width: number }, natural: Size): number {
  return box.width > 0 ? (length / box.width) * natural.width : length;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function normalizeRect(
  from: Point,
  to: Point,
): { x: number; y: number; width: number; height: number } {
  return {
    x: Math.min(from.x, to.x),
    y: Math.min(from.y, to.y),
    width: Math.abs(to.x - from.x),
    height: Math.abs(to.y - from.y),
  };
}

/** Twice the signed area of a polygon (shoelace). */
export function polygonArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return Math.abs(sum) / 2;
}

/** Whether a shape selects any area (a click without a drag, a line lasso do not). */
export function shapeHasArea(shape: MaskShape): boolean {
  switch (shape.kind) {
    case 'brush':
      return shape.points.length > 0 && shape.size > 0;
    case 'rect': {
      const rect = normalizeRect(shape.from, shape.to);
      return rect.width >= 1 && rect.height >= 1;
    }
    case 'lasso':
      return shape.points.length >= 3 && polygonArea(shape.points) >= 1;
  }
}

export function maskIsEmpty(shapes: readonly MaskShape[]): boolean {
  return !shapes.some(shapeHasArea);
}

/** Adds a point to a stroke unless it is closer than `minStep` to the last one (keeps strokes light). */
export function extendPath(points: readonly Point[], point: Point, minStep = 1.5): Point[] {
  const last = points.at(-1);
  if (last && Math.hypot(point.x - last.x, point.y - last.y) < minStep) return points as Point[];
  return [...points, point];
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0, 1);
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function insidePolygon(p: Point, points: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Whether a point of the image is selected by a shape (the exported mask is white there). */
export function shapeCovers(shape: MaskShape, p: Point): boolean {
  switch (shape.kind) {
    case 'brush': {
      const radius = shape.size / 2;
      const [first, ...rest] = shape.points;
      if (!first) return false;
      if (rest.length === 0) return Math.hypot(p.x - first.x, p.y - first.y) <= radius;
      let previous = first;
      for (const point of rest) {
        if (distanceToSegment(p, previous, point) <= radius) return true;
        previous = point;
      }
      return false;
    }
    case 'rect': {
      const rect = normalizeRect(shape.from, shape.to);
      return p.x >= rect.x && p.x <= rect.x + rect.width && p.y >= rect.y && p.y <= rect.y + rect.height;
    }
    case 'lasso':
      return shape.points.length >= 3 && insidePolygon(p, shape.points);
  }
}

export function maskCovers(shapes: readonly MaskShape[], p: Point): boolean {
  return shapes.some((shape) => shapeCovers(shape, p));
}

/** Share (0–1) of the image's pixel centres the selection covers, sampled on a grid. */
export function coverage(shapes: readonly MaskShape[], size: Size, step = 4): number {
  let hit = 0;
  let total = 0;
  for (let y = step / 2; y < size.height; y += step) {
    for (let x = step / 2; x < size.width; x += step) {
      total++;
      if (maskCovers(shapes, { x, y })) hit++;
    }
  }
  return total === 0 ? 0 : hit / total;
}

/** The part of CanvasRenderingContext2D the mask needs. */
export interface MaskContext {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  rect(x: number, y: number, width: number, height: number): void;
  fill(): void;
  stroke(): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
}

/** Draws the shapes in one colour (call inside whatever transform maps image pixels to the canvas). */
export function drawShapes(ctx: MaskContext, shapes: readonly MaskShape[], color: string): void {
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const shape of shapes) {
    if (!shapeHasArea(shape)) continue;
    switch (shape.kind) {
      case 'brush': {
        const [first, ...rest] = shape.points;
        if (!first) break;
        if (rest.length === 0) {
          ctx.beginPath();
          ctx.arc(first.x, first.y, shape.size / 2, 0, Math.PI * 2);
          ctx.fill();
          break;
        }
        ctx.lineWidth = shape.size;
        ctx.beginPath();
        ctx.moveTo(first.x, first.y);
        for (const point of rest) ctx.lineTo(point.x, point.y);
        ctx.stroke();
        break;
      }
      case 'rect': {
        const rect = normalizeRect(shape.from, shape.to);
        ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
        break;
      }
      case 'lasso': {
        const [first, ...rest] = shape.points;
        if (!first) break;
        ctx.beginPath();
        ctx.moveTo(first.x, first.y);
        for (const point of rest) ctx.lineTo(point.x, point.y);
        ctx.closePath();
        ctx.fill();
        break;
      }
    }
  }
}

/** The mask the modal route expects: image-sized, black background, white where to repaint. */
export function paintMask(ctx: MaskContext, shapes: readonly MaskShape[], size: Size): void {
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, size.width, size.height);
  drawShapes(ctx, shapes, '#ffffff');
}

/** What the export reads back: the painted mask's pixels, RGBA, a band of rows at a time. */
export interface MaskCanvasContext extends MaskContext {
  getImageData(x: number, y: number, width: number, height: number): { data: ArrayLike<number> };
}

export interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d', options?: { willReadFrequently?: boolean }): MaskCanvasContext | null;
}

/** Pixels at least this bright are selected: the threshold the server and the engines apply too. */
const SELECTED_MIN = 128;
/** Rows read back at once: a whole 4096×4096 canvas would be 64 MB of RGBA in one array. */
const BAND_ROWS = 256;

/** One bit a pixel, rows padded to whole bytes, white (1) where selected: a 1-bit greyscale PNG's pixels. */
function selectionBits(ctx: MaskCanvasContext, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const bits = new Uint8Array(rowBytes * height);
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    const { data } = ctx.getImageData(0, top, width, rows);
    for (let y = 0; y < rows; y++) {
      const row = (top + y) * rowBytes;
      for (let x = 0; x < width; x++) {
        if (data[(y * width + x) * 4]! >= SELECTED_MIN) bits[row + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
  }
  return bits;
}

/**
 * Renders the mask on a fresh canvas at the image's size and encodes it as a 1-bit greyscale PNG
 * (white = repaint). The browser's own PNG of the canvas is 8-bit RGBA: at 4096×4096 with many
 * strokes it nears the upload's 1 MB; one bit a pixel stays at tens of KB.
 */
export function exportMask(
  shapes: readonly MaskShape[],
  size: Size,
  createCanvas: () => CanvasLike,
): Uint8Array<ArrayBuffer> {
  const canvas = createCanvas();
  canvas.width = Math.max(1, Math.round(size.width));
  canvas.height = Math.max(1, Math.round(size.height));
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('No 2D canvas to draw the mask on');
  const { width, height } = canvas;
  paintMask(ctx, shapes, { width, height });
  return new Uint8Array(
    encodePng({ width, height, data: selectionBits(ctx, width, height), depth: 1, channels: 1 }),
  );
}
