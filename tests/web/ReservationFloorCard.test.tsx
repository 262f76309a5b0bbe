import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Table } from '../../contract/resources/floor/definition';
import { TableCard } from '../../src/resources/floor/TableCard';
import { saoPauloClock } from '../../contract/resources/reservations/rules';

const MINUTE = 60_000;
const NOW = Date.parse('2026-03-13T22:30:00.000Z'); // Friday 19:30 in São Paulo

function table(reservationsAt: number[]): Table {
  return {
    id: 9,
    store_id: 2,
    number: 5,
    name: 'Mesa 5',
    status: 'AVAILABLE',
    order_id: null,
    order: null,
    reservations: reservationsAt.map((offset, i) => ({
      id: i + 1,
      fullname: i === 0 ? 'Maria Fernandes' : `Outra ${i}`,
      n_persons: 4,
      date: new Date(NOW + offset * MINUTE).toISOString(),
      code: `COD${i}`,
    })),
    token: 'c0ffee'.repeat(6),
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

const card = (reservationsAt: number[]) => {
  render(<TableCard table={table(reservationsAt)} selected={false} now={NOW} onSelect={() => {}} />);
  return screen.getByRole('button');
};

describe("a table's card and the reservation set on it", () => {
  it('shows the confirmed reservation from an hour before its time', () => {
    expect(card([60])).toHaveAccessibleName('Mesa 5 Livre Reserva 20:30 Maria Fernandes, 4 pessoas');
    expect(saoPauloClock(new Date(NOW + 60 * MINUTE)).time).toBe('20:30');
  });

  it('keeps showing it for half an hour after its time (the party may be late)', () => {
    expect(card([-30])).toHaveAccessibleName('Mesa 5 Livre Reserva 19:00 Maria Fernandes, 4 pessoas');
  });

  it('shows nothing earlier or later, as the card of a table with no reservation', () => {
    expect(card([61])).toHaveAccessibleName('Mesa 5 Livre');
  });

  it('shows nothing half an hour and a minute after', () => {
    expect(card([-31])).toHaveAccessibleName('Mesa 5 Livre');
  });

  it('shows the near one of the day’s reservations', () => {
    expect(card([-240, 45, 300])).toHaveAccessibleName('Mesa 5 Livre Reserva 20:15 Outra 1, 4 pessoas');
  });
});
