/**
 * The rules of a store's week of hours — its opening hours (`info.opening_hours`) and its
 * reservation hours (`info.reservation_hours`) — shared by the screens and the API, so a week that
 * the settings or the reservation hours screen refuses is refused by the server with the same words.
 */

/** Restaurant spec 3 and 9: weekdays 0 (Sunday) to 6 (Saturday). */
export const WEEKDAYS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

export interface TimePeriod {
  start_time: string;
  end_time: string;
}
export interface DayHours {
  day_of_week: number;
  time_periods: readonly TimePeriod[];
}

/** '19:30' → 1170: minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Where a period ends, in minutes: '00:00' (and '24:00') as an end is midnight, the day's end. */
export function endMinutesOf(time: string): number {
  const minutes = minutesOf(time);
  return minutes === 0 ? 24 * 60 : minutes;
}

const periodText = (period: TimePeriod) => `${period.start_time} às ${period.end_time}`;

/** A problem of a week: the entry of the list and the period in it, and what is wrong. */
export interface HoursProblem {
  entry: number;
  period: number;
  message: string;
}

/**
 * What is wrong with a week, each problem at its period: a period that ends before it starts,
 * and periods of one day that overlap — also when the day is listed twice. Periods that only touch
 * (11:00–15:00 and 15:00–18:00) do not overlap; a period may end at midnight ('00:00'). A period
 * that starts when it ends is the time field's own rule ('O horário de início e o de fim precisam
 * ser diferentes.').
 */
export function hoursProblems(week: readonly DayHours[]): HoursProblem[] {
  const problems: HoursProblem[] = [];
  const byDay = new Map<number, TimePeriod[]>();
  week.forEach((day, entry) => {
    const name = WEEKDAYS[day.day_of_week] ?? `Dia ${day.day_of_week}`;
    const earlier = byDay.get(day.day_of_week) ?? [];
    byDay.set(day.day_of_week, earlier);
    day.time_periods.forEach((current, period) => {
      const start = minutesOf(current.start_time);
      const end = endMinutesOf(current.end_time);
      if (current.start_time === current.end_time) return;
      if (end <= start) {
        problems.push({
          entry,
          period,
          message: `${name}: o período das ${periodText(current)} termina antes de começar.`,
        });
        return;
      }
      const overlapping = earlier.find(
        (other) => start < endMinutesOf(other.end_time) && minutesOf(other.start_time) < end,
      );
      if (overlapping) {
        problems.push({
          entry,
          period,
          message: `${name}: os períodos das ${periodText(overlapping)} e das ${periodText(current)} se sobrepõem.`,
        });
        return;
      }
      earlier.push(current);
    });
  });
  return problems;
}

/** The weekdays' short names, for day pickers. */
export const WEEKDAY_ABBREVIATIONS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** Whether a text is a time of day, 'HH:mm' (00:00 to 23:59; '24:00' as the end of the day). */
export const isTime = (text: unknown): text is string =>
  typeof text === 'string' && (/^([01]\d|2[0-3]):[0-5]\d$/.test(text) || text === '24:00');

/** Days sharing one period, as the settings form edits them (spec 3: `{days[], start, end}`). */
export interface HoursGroup {
  days: number[];
  start_time: string;
  end_time: string;
}

/**
 * A week as groups of days sharing a period (spec 3): every period of every day, so a day open
 * for lunch and dinner is in two groups (the spec's form read only a day's first period, and lost
 * the others on save). Groups come in the order of their first day, then of their start.
 */
export function groupHours(week: readonly DayHours[]): HoursGroup[] {
  const groups = new Map<string, HoursGroup>();
  const days = [...week].sort((a, b) => a.day_of_week - b.day_of_week);
  for (const day of days) {
    const periods = [...day.time_periods].sort((a, b) => a.start_time.localeCompare(b.start_time));
    for (const { start_time, end_time } of periods) {
      const key = `${start_time}-${end_time}`;
      const group = groups.get(key);
      if (!group) groups.set(key, { days: [day.day_of_week], start_time, end_time });
      else if (!group.days.includes(day.day_of_week)) group.days.push(day.day_of_week);
    }
  }
  return [...groups.values()].sort(
    (a, b) => (a.days[0] ?? 0) - (b.days[0] ?? 0) || a.start_time.localeCompare(b.start_time),
  );
}

/**
 * Groups as the per-day list the API keeps: each day with the periods of every group it is in,
 * by start; days in order, a day without a period left out. Two groups giving one day the same
 * period give it twice, for `hoursProblems` to refuse rather than silently merge.
 */
export function ungroupHours(
  groups: readonly HoursGroup[],
): { day_of_week: number; time_periods: TimePeriod[] }[] {
  const byDay = new Map<number, TimePeriod[]>();
  for (const group of groups) {
    for (const day of new Set(group.days)) {
      const periods = byDay.get(day) ?? [];
      periods.push({ start_time: group.start_time, end_time: group.end_time });
      byDay.set(day, periods);
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day_of_week, periods]) => ({
      day_of_week,
      time_periods: periods.sort((a, b) => a.start_time.localeCompare(b.start_time)),
    }));
}

/** A group's fields and the message shown under each. */
export type GroupErrors = Partial<Record<keyof HoursGroup, string>>;

export const GROUP_MESSAGES = {
  days: 'Selecione ao menos um dia.',
  time: 'Informe o horário (HH:mm).',
  same: 'O horário de início e o de fim precisam ser diferentes.',
} as const;

/**
 * The messages of a form's groups, one entry per group (empty when the group is fine): what is
 * missing, then the rules of `hoursProblems`, each placed on the group whose period breaks it.
 */
export function groupProblems(groups: readonly HoursGroup[]): GroupErrors[] {
  const errors: GroupErrors[] = groups.map((group) => {
    const found: GroupErrors = {};
    if (group.days.length === 0) found.days = GROUP_MESSAGES.days;
    if (!isTime(group.start_time)) found.start_time = GROUP_MESSAGES.time;
    if (!isTime(group.end_time)) found.end_time = GROUP_MESSAGES.time;
    else if (group.start_time === group.end_time) found.end_time = GROUP_MESSAGES.same;
    return found;
  });
  const week = ungroupHours(groups.filter((_, index) => Object.keys(errors[index]!).length === 0));
  for (const problem of hoursProblems(week)) {
    const day = week[problem.entry]!;
    const period = day.time_periods[problem.period]!;
    // The last group giving that day that period: of two identical ones, the one added later.
    for (let index = groups.length - 1; index >= 0; index--) {
      const group = groups[index]!;
      if (
        group.days.includes(day.day_of_week) &&
        group.start_time === period.start_time &&
        group.end_time === period.end_time
      ) {
        errors[index]!.end_time ??= problem.message;
        break;
      }
    }
  }
  return errors;
}
