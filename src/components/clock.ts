import { useEffect, useState } from 'react';

/*
 * The clock of the live screens (floor, board): kept out of the shared formatters so that the
 * login's first load does not carry it.
 */

/** The time, moving on every `everyMs`: what live screens' timers ('12 min') follow. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Time since an instant as staff on the floor say it: 'agora', '12 min', '1 h 05'. */
export function elapsed(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}
