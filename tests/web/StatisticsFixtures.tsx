import type { ReactElement } from 'react';
import { vi } from 'vitest';
import {
  financialAnalytics,
  generalStatistics,
  MONTH_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  storeStatistics,
  WEEKDAY_LABELS,
  type FinancialAnalytics,
  type GeneralStatistics,
  type StoreStatistics,
} from '../../contract/statistics';
import { renderSignedIn } from './renderSignedIn';

/**
 * Answers of the statistics and finance API for the screens' tests, each checked against the
 * contract's schema (a fixture of another shape fails the test, not the screen).
 */

const PERIOD = {
  start: '2026-10-27',
  end: '2026-11-25',
  previous_start: '2026-09-27',
  previous_end: '2026-10-26',
};

export function general(over: Partial<GeneralStatistics> = {}): GeneralStatistics {
  return generalStatistics.parse({
    data: {
      orders: Array.from({ length: 15 }, (_, i) => {
        const day = `2026-11-${String(11 + i).padStart(2, '0')}`;
        return { day, label: `${day.slice(8)}/${day.slice(5, 7)}`, total: 10 + i };
      }),
      platforms: MONTH_LABELS.flatMap((label, i) => [
        { platform: 'IOS', month: i + 1, label, total: 100 + i },
        { platform: 'ANDROID', month: i + 1, label, total: 200 + i },
      ]),
      financial: {
        paid_amount: 12345678,
        total_tickets: 1000,
        avg_ticket: 12346,
        gross: { amount: 12345678, variation: 12.5 },
        liquid: { amount: 11111100, variation: -3.2 },
      },
      totalUsers: 4321,
      period: PERIOD,
      ...over,
    },
  }).data;
}

export function storeFigures(over: Partial<StoreStatistics> = {}): StoreStatistics {
  return storeStatistics.parse({
    data: {
      financial: {
        paid_amount: 123456,
        total_tickets: 80,
        avg_ticket: 1543,
        gross: { amount: 123456, variation: 23.5 },
        liquid: { amount: 110000, variation: 20 },
        sales: { amount: 112233, variation: 21.4 },
        service: { amount: 11223, variation: null },
        previous: { paid_amount: 100000, total_tickets: 100, avg_ticket: 1000 },
      },
      products: [
        { id: 11, name: 'Lasanha à bolonhesa', thumbnail: '/uploads/demo/lasanha.webp', total: 42 },
        { id: 12, name: 'Tiramisù', thumbnail: null, total: 30 },
      ],
      by_hour: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        label: `${String(hour).padStart(2, '0')}h`,
        amount: hour >= 11 && hour <= 23 ? hour * 1000 : 0,
      })),
      by_weekday: WEEKDAY_LABELS.map((label, weekday) => ({ weekday, label, amount: (weekday + 1) * 5000 })),
      methods: PAYMENT_METHODS.map((method, i) => ({
        method,
        label: PAYMENT_METHOD_LABELS[method],
        amount: [60000, 20000, 30000, 13456, 0][i],
        percentage: [48.6, 16.2, 24.3, 10.9, 0][i],
      })),
      series: Array.from({ length: 30 }, (_, i) => {
        const date = new Date(Date.UTC(2026, 9, 27 + i));
        const day = date.toISOString().slice(0, 10);
        return { day, label: `${day.slice(8)}/${day.slice(5, 7)}`, amount: 4000 + i, tickets: 3 };
      }),
      period: PERIOD,
      ...over,
    },
  }).data;
}

export function analytics(over: Partial<FinancialAnalytics> = {}): FinancialAnalytics {
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = i < 2 ? `2025-${11 + i}` : `2026-${String(i - 1).padStart(2, '0')}`;
    const label = `${MONTH_LABELS[Number(month.slice(5)) - 1]}/${month.slice(2, 4)}`;
    return { month, label };
  });
  return financialAnalytics.parse({
    data: {
      scope: { store_id: 2, name: 'Cantina Bella' },
      avg_ticket: months.map((m, i) => ({ ...m, amount: 5000 + i })),
      incomes: months.map((m, i) => ({ ...m, amount: 100000 * (i + 1) })),
      methods: storeFigures().methods,
      by_month: months.map((m, i) => ({ ...m, amount: 150000 * (i + 1) })),
      ...over,
    },
  }).data;
}

export interface Sent {
  path: string;
  query: Record<string, string>;
}

/**
 * The API as the screens see it: `answer` gives the body of a path (undefined: a pending answer
 * that never comes), the restaurants list answers the administrator's picker.
 */
export function fakeApi(answer: (path: string, query: Record<string, string>) => unknown) {
  const sent: Sent[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://painel.test');
      const query = Object.fromEntries(url.searchParams);
      sent.push({ path: url.pathname, query });
      if (url.pathname === '/api/stores') {
        return json({
          data: {
            results: [
              { id: 2, name: 'Cantina Bella' },
              { id: 7, name: 'Sabor do Sertão' },
            ],
            total: 2,
          },
        });
      }
      const body = answer(url.pathname, query);
      if (body === undefined) return new Promise<Response>(() => undefined);
      return json({ data: body });
    }),
  );
  return { sent, reads: (path: string) => sent.filter((call) => call.path === path) };
}

/** A screen as someone signed in with `role` sees it, with the app's own auth and data providers. */
export const renderAs = (role: 'MANAGER' | 'ADMIN', path: string, routes: Record<string, ReactElement>) =>
  renderSignedIn(role, path, routes);
