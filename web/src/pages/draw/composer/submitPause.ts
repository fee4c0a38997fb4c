import { useEffect, useState, useSyncExternalStore } from 'react';
import { HttpError } from '../../../lib/http';

/**
 * Moderation's pause of a person's submits (after repeated banned words), as the server last said
 * it: in a refusal (`data.pausedUntil`) or in the session answer (`pausedUntil`). One for the whole page: the pause is the person's, in every
 * channel. The composer counts down to it and lets drawing through again once it has passed.
 */
let pausedUntil: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const read = () => pausedUntil;

function setPausedUntil(next: number | null): void {
  if (next === pausedUntil) return;
  pausedUntil = next;
  listeners.forEach((notify) => notify());
}

/** Remembers the pause a refusal announced; answers whether it announced one. */
export function noticePause(error: unknown): boolean {
  const until = error instanceof HttpError ? error.detail?.pausedUntil : undefined;
  if (typeof until !== 'number' || until <= Date.now()) return false;
  setPausedUntil(until);
  return true;
}

/**
 * The pause the server says: in the session answer (at load and each navigation), so a page opened
 * during one counts down at once, and live (`moderation:pause`, usePauseSync): its end, or none
 * when it says none (a moderator lifted it) or it is over.
 */
export function seedPause(until: number | null): void {
  setPausedUntil(until !== null && until > Date.now() ? until : null);
}

/** The pause's end while it lasts (read at the moment of a submit), else null. */
export function activePause(now = Date.now()): number | null {
  return pausedUntil !== null && pausedUntil > now ? pausedUntil : null;
}

/** For tests: no pause. */
export function clearPause(): void {
  setPausedUntil(null);
}

/** `h:mm:ss` from an hour up, else `mm:ss` (whole seconds, rounded up so 0:00 means it is over). */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/**
 * Milliseconds left of the pause, ticking each second, or null when there is none; at zero the
 * pause ends by itself (no request: the server's clock said when).
 */
export function usePauseLeft(): number | null {
  const until = useSyncExternalStore(subscribe, read, read);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= until) setPausedUntil(null);
    };
    // At once (the clock may be old: it only ticks during a pause), then each second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  if (until === null || until <= now) return null;
  return until - now;
}
