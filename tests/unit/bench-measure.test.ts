/**
 * The benches' statistics (scripts/bench/measure.ts): a median of an even count is the mean of its
 * two middle values (a verdict on five or six ratios must not lean to the lower one), and the
 * percentiles are nearest-rank.
 */
import { describe, expect, it } from 'vitest';
import { median, percentile, summarize } from '../../scripts/bench/measure';

describe('bench statistics', () => {
  it('takes the middle value of an odd count, and the mean of the two middle ones of an even count', () => {
    expect(median([90, 94, 97, 99, 104])).toBe(97);
    expect(median([90, 94, 97, 99])).toBe(95.5);
    expect(median([])).toBeNaN();
    expect(summarize([99, 90, 97, 94]).median).toBe(95.5);
  });

  it('reads percentiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile([5], 0.99)).toBe(5);
  });
});
