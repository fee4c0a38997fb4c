import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown started with `start(seconds)`; 0 when idle. */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  const start = useCallback((value: number) => setSeconds(Math.max(0, Math.round(value))), []);
  return { seconds, start };
}
