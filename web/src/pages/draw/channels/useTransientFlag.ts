import { Ui } from '@draw/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A flag that turns itself off again after `ms` (spec §9: transient action state resets after 2 s). */
export function useTransientFlag(ms: number = Ui.transientResetMs): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const trigger = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setOn(false);
    }, ms);
  }, [ms]);
  return [on, trigger];
}
