/**
 * jsdom gaps that Radix primitives need. Import at the top of component tests
 * (after `// @vitest-environment jsdom`).
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// jsdom has no CSS.escape; the ids the app escapes are plain word characters.
if (!globalThis.CSS?.escape)
  Object.assign(globalThis, {
    CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) },
  });
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => {};

afterEach(() => cleanup());

/** A JSON envelope answer as the server sends it. */
export function envelope<T>(data: T): Response {
  return new Response(JSON.stringify({ code: 200, message: '', data, success: true }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}
