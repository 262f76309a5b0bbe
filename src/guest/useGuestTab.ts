import { useCallback, useEffect, useRef, useState } from 'react';
import { GUEST_POLL_MS, type GuestTab, type TableCode } from '../../contract/resources/guest/paths';
import { GuestError, isRefusedCode, readTab } from './api';

/**
 * The device's ticket, read at once and then every `pollMs` while the page is visible (with the
 * version it holds: a 304 keeps what it has), again as soon as the page is shown again, and on
 * demand after the guest's own action. An answer older than one already applied (a poll that
 * crossed an order's answer) is dropped. `onRefused` hears a code that stopped working.
 */
export function useGuestTab(code: TableCode, onRefused: (message: string) => void, pollMs = GUEST_POLL_MS) {
  const [tab, setTab] = useState<GuestTab | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const etag = useRef<string | null>(null);
  // Each read or answer is numbered as it starts; only a newer one than the last applied shows.
  const started = useRef(0);
  const applied = useRef(0);
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  });

  const refresh = useCallback(async () => {
    const order = ++started.current;
    try {
      const answer = await readTab(code, etag.current);
      if (order < applied.current) return;
      applied.current = order;
      setProblem(null);
      if (answer) {
        etag.current = answer.etag;
        setTab(answer.tab);
      }
    } catch (error) {
      if (isRefusedCode(error)) refused.current((error as GuestError).message);
      else if (order >= applied.current)
        setProblem(error instanceof GuestError ? error.message : String(error));
    }
  }, [code]);

  /** The ticket a POST answered: shown at once, then read again. */
  const accept = useCallback(
    (next: GuestTab) => {
      applied.current = ++started.current;
      setTab(next);
      void refresh();
    },
    [refresh],
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let chain = 0;
    let stopped = false;
    // One chain of reads at a time: showing the page again starts a new one, which ends the old.
    const start = () => {
      const mine = ++chain;
      clearTimeout(timer);
      const loop = async () => {
        await refresh();
        if (stopped || mine !== chain || document.visibilityState !== 'visible') return;
        timer = setTimeout(() => void loop(), pollMs);
      };
      void loop();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') start();
      else {
        chain += 1;
        clearTimeout(timer);
      }
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh, pollMs]);

  return { tab, problem, accept, refresh };
}
