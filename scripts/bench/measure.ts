/** Timing statistics and the report tables of the benchmarks (`npm run bench`, `bench:floor`, `bench:live`). */

export interface Summary {
  median: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted values (p in 0..1). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

/** The median of sorted values: the middle one, or the mean of the two middle ones. */
export function median(sorted: number[]): number {
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length / 2;
  return sorted.length % 2 === 0 ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
}

export function summarize(times: number[]): Summary {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: median(sorted),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('pt-BR');

export const ms = (value: number) => decimal.format(value);
export const count = (value: number) => integer.format(value);
export const mib = (bytes: number) => `${integer.format(Math.round(bytes / 1024 / 1024))} MiB`;

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const twoDecimals = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A ratio, as `0,59×`. */
export const ratio = (value: number) => `${twoDecimals.format(value)}×`;
