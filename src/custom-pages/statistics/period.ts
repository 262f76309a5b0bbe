import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { periodQuery, type Period } from '../../../contract/statistics';
import { formatDate } from '../../../contract/lib/format';

/** The period the figures are asked for, as the API reads it. */
export interface ChosenPeriod {
  period: Period;
  start?: string;
  end?: string;
}

const DEFAULT_PERIOD: ChosenPeriod = { period: '30d' };

/**
 * The period kept in the page's address (`?period=7d`, `?period=custom&start=…&end=…`), so a
 * reload or a shared link shows the same figures. An address the API would refuse falls back to
 * the default 30 days. Other parameters of the address (the administrator's view) are kept.
 */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const period = params.get('period');
  const start = params.get('start');
  const end = params.get('end');
  const chosen = useMemo<ChosenPeriod>(() => {
    const parsed = periodQuery.safeParse({
      ...(period ? { period } : {}),
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
    });
    if (!parsed.success) return DEFAULT_PERIOD;
    const { period: kind, start: from, end: to } = parsed.data;
    return kind === 'custom' && from && to ? { period: kind, start: from, end: to } : { period: kind };
  }, [period, start, end]);
  const choose = useCallback(
    (next: ChosenPeriod) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('period', next.period);
          updated.delete('start');
          updated.delete('end');
          if (next.period === 'custom' && next.start && next.end) {
            updated.set('start', next.start);
            updated.set('end', next.end);
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [chosen, choose] as const;
}

/** The query of a period: `start` and `end` only for a custom one. */
export function periodParams(chosen: ChosenPeriod): Record<string, string> {
  return chosen.period === 'custom' && chosen.start && chosen.end
    ? { period: 'custom', start: chosen.start, end: chosen.end }
    : { period: chosen.period };
}

/** 'dd/MM/yyyy' typed by a person → 'YYYY-MM-DD', or null when it is no calendar day. */
export function parseTypedDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** Digits laid into 'dd/mm/aaaa' as they are typed. */
export function maskTypedDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** '01/11/2026 a 30/11/2026' (one date when the period is one day). */
export function periodText(start: string, end: string): string {
  return start === end ? formatDate(start) : `${formatDate(start)} a ${formatDate(end)}`;
}
