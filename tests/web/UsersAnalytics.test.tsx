import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { UsersAnalytics, type UsersStatistics } from '../../src/resources/customers/UsersAnalytics';
import { renderScreen } from './renderScreen';

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

const FIGURES: UsersStatistics = {
  by_periods: [
    { label: 'Hoje', current: 3, past: 0, variation: null },
    { label: 'Semana', current: 12, past: 10, variation: 20 },
    { label: 'Mês', current: 40, past: 50, variation: -20 },
    { label: 'Ano', current: 0, past: 0, variation: null },
  ],
  by_week: WEEKDAYS.map((label, i) => ({ label, current: i, past: 1 })),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('users analytics (/customers)', () => {
  it('shows each period against the one before, and "—" when that one had no sign-ups', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: FIGURES })),
    );
    renderScreen('/customers', { '/customers': <UsersAnalytics /> }, vi.fn<HttpClient>());

    const period = async (label: string) => screen.findByTestId(`period-${label}`);
    expect(await period('Semana')).toHaveTextContent('+20%');
    expect(await period('Mês')).toHaveTextContent('-20%');
    // 3 sign-ups after a day without any is no "+100 %".
    for (const label of ['Hoje', 'Ano']) {
      const card = await period(label);
      expect(card, label).toHaveTextContent('—');
      expect(card, label).not.toHaveTextContent('%');
    }
    expect(await period('Hoje')).toHaveTextContent('(0 no período anterior)');
  });
});
