import { useEffect, useState } from 'react';

/** The time, moving on every `everyMs`: what live screens' timers ('12 min') follow. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
