/**
 * Dates of the demo, relative to "now" and read in the stores' time zone, America/Sao_Paulo. The
 * zone has kept UTC−3 all year since 2019, so the offset found for `now` holds for the whole demo.
 */
export interface Clock {
  now: Date;
  /** Today's date in São Paulo, 'YYYY-MM-DD'. */
  today: string;
  /** Today's day of the week in São Paulo, 0 (Sunday) to 6. */
  weekday: number;
  /** Today's month (1–12) and day in São Paulo. */
  month: number;
  day: number;
  /** Minutes since midnight, São Paulo time, of `now`. */
  minuteOfDay: number;
  /** The instant of `minutes` past midnight (São Paulo) of the day `dayOffset` days from today. */
  at(dayOffset: number, minutes: number): Date;
  /** 'YYYY-MM-DD' of the day `dayOffset` days from today. */
  date(dayOffset: number): string;
  weekdayOf(dayOffset: number): number;
  /** `minutes` before now. */
  ago(minutes: number): Date;
}

const ZONE = 'America/Sao_Paulo';

export function saoPauloClock(now: Date): Clock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  // Local wall time read as UTC, minus the instant: the zone's offset (−3 h).
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMs = wallAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  const midnightUtc = Date.UTC(year, month - 1, day);

  const dateOf = (dayOffset: number) => new Date(midnightUtc + dayOffset * 86_400_000);
  return {
    now,
    today: dateOf(0).toISOString().slice(0, 10),
    weekday: dateOf(0).getUTCDay(),
    month,
    day,
    minuteOfDay: hour * 60 + minute,
    at: (dayOffset, minutes) =>
      new Date(midnightUtc + dayOffset * 86_400_000 + Math.round(minutes * 60_000) - offsetMs),
    date: (dayOffset) => dateOf(dayOffset).toISOString().slice(0, 10),
    weekdayOf: (dayOffset) => dateOf(dayOffset).getUTCDay(),
    ago: (minutes) => new Date(now.getTime() - Math.round(minutes * 60_000)),
  };
}

/** 'dd/MM/yyyy' of a 'YYYY-MM-DD' date. */
export function brDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;
}
