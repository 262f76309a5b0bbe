import { useCallback, useState } from 'react';

/** A value of this device's localStorage (the board's station, the restaurant chosen); a screen still works where storage is refused. */
export function useDeviceSetting(key: string, fallback: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => {
    try {
      return localStorage.getItem(key) ?? fallback;
    } catch {
      return fallback;
    }
  });
  const remember = useCallback(
    (next: string) => {
      setValue(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // Private browsing: remembered for this visit only.
      }
    },
    [key],
  );
  return [value, remember];
}
