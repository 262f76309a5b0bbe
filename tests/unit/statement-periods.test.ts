import { describe, expect, it } from 'vitest';
import { periodParts } from '../../server/service/statement-figures';

/** How the statement's rollups read a period: its whole months, and the days at its ends. */
describe('periodParts', () => {
  it('reads whole months as months, and the days before and after them as days', () => {
    expect(periodParts({ start: '2026-01-15', end: '2026-04-10' })).toEqual({
      months: { from: '2026-02-01', until: '2026-04-01' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    // Across the new year, and a February of a leap year ending on its last day.
    expect(periodParts({ start: '2023-12-31', end: '2024-02-29' })).toEqual({
      months: { from: '2024-01-01', until: '2024-03-01' },
      days: [{ from: '2023-12-31', to: '2023-12-31' }],
    });
  });

  it('needs no day for a period of whole months', () => {
    expect(periodParts({ start: '2026-03-01', end: '2026-05-31' })).toEqual({
      months: { from: '2026-03-01', until: '2026-06-01' },
      days: [],
    });
    expect(periodParts({ start: '2026-02-01', end: '2026-02-28' })).toEqual({
      months: { from: '2026-02-01', until: '2026-03-01' },
      days: [],
    });
  });

  it('reads a period without a whole month as its days', () => {
    expect(periodParts({ start: '2026-03-05', end: '2026-03-20' })).toEqual({
      days: [{ from: '2026-03-05', to: '2026-03-20' }],
    });
    expect(periodParts({ start: '2026-03-02', end: '2026-04-30' })).toEqual({
      months: { from: '2026-04-01', until: '2026-05-01' },
      days: [{ from: '2026-03-02', to: '2026-03-31' }],
    });
    expect(periodParts({ start: '2026-03-02', end: '2026-04-29' })).toEqual({
      days: [{ from: '2026-03-02', to: '2026-04-29' }],
    });
    expect(periodParts({ start: '2026-03-01', end: '2026-03-01' })).toEqual({
      days: [{ from: '2026-03-01', to: '2026-03-01' }],
    });
  });

  it('leaves the months open where the period is', () => {
    expect(periodParts({ start: '2026-03-10' })).toEqual({
      months: { from: '2026-04-01', until: undefined },
      days: [{ from: '2026-03-10', to: '2026-03-31' }],
    });
    expect(periodParts({ end: '2026-03-10' })).toEqual({
      months: { from: undefined, until: '2026-03-01' },
      days: [{ from: '2026-03-01', to: '2026-03-10' }],
    });
  });
});
