/**
 * A one-line progress bar on stderr: phase, rows done/total, rate and ETA, redrawn with \r.
 * When stderr is not a terminal (a log file), it writes a plain line every few seconds instead.
 */
const numberFormat = new Intl.NumberFormat('pt-BR');

export function formatCount(value: number): string {
  return numberFormat.format(Math.round(value));
}

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

function formatRate(perSecond: number): string {
  if (perSecond >= 1_000_000) return `${(perSecond / 1_000_000).toFixed(1)}M`;
  if (perSecond >= 10_000) return `${Math.round(perSecond / 1000)}k`;
  if (perSecond >= 1000) return `${(perSecond / 1000).toFixed(1)}k`;
  return String(Math.round(perSecond));
}

const BAR_WIDTH = 24;
const LOG_INTERVAL_MS = 10_000;

export class Progress {
  private readonly started = Date.now();
  private done = 0;
  private lastLog = 0;
  private lastLogged = -1;
  private readonly tty = Boolean(process.stderr.isTTY);

  constructor(
    private readonly phase: string,
    private readonly total: number,
    private readonly unit: string,
  ) {
    this.draw(true);
  }

  update(done: number): void {
    this.done = done;
    this.draw(false);
  }

  /** Draws the final state and ends the line; returns the phase's duration in ms. */
  finish(): number {
    this.draw(true);
    if (this.tty) process.stderr.write('\n');
    return Date.now() - this.started;
  }

  private line(): string {
    const elapsed = Date.now() - this.started;
    const fraction = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const filled = Math.round(fraction * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
    const rate = elapsed > 0 ? (this.done * 1000) / elapsed : 0;
    const eta =
      this.done >= this.total
        ? `em ${formatDuration(elapsed)}`
        : rate > 0
          ? `ETA ${formatDuration(((this.total - this.done) / rate) * 1000)}`
          : 'ETA --:--';
    return (
      `${this.phase.padEnd(14)} ${bar} ${formatCount(this.done)}/${formatCount(this.total)} ${this.unit} ` +
      `${(fraction * 100).toFixed(1).padStart(5)}%  ${formatRate(rate)}/s  ${eta}`
    );
  }

  private draw(force: boolean): void {
    if (this.tty) {
      process.stderr.write(`\r${this.line()}\x1b[K`);
      return;
    }
    const now = Date.now();
    if ((force && this.done !== this.lastLogged) || now - this.lastLog >= LOG_INTERVAL_MS) {
      this.lastLog = now;
      this.lastLogged = this.done;
      process.stderr.write(`${this.line()}\n`);
    }
  }
}
