/**
 * The rules of a reservation, shared by the API (which enforces them) and the screens (which offer
 * only what they allow): its states (restaurant spec 4), when it may be made (the store's
 * reservation hours, São Paulo time), the floor's window, and the text staff copy to the guest.
 * Pure functions: no React, no database.
 */
import { DISPLAY_TIME_ZONE, formatDate } from '../../lib/format';
import { RESERVATION_MESSAGES as M, type ReservationStatus } from './definition';

/** What asking for a status does to a reservation: changes it, changes nothing (and says so), or is refused. */
export type StatusOutcome =
  { kind: 'change' } | { kind: 'same'; info: string } | { kind: 'refused'; message: string };

/** A status a request may ask for (CREATED and UNAVAILABLE are not asked for). */
export type RequestedStatus = 'CONFIRMED' | 'CANCELLED' | 'NO_SHOW';

/**
 * Spec 4: a cancelled reservation cannot be confirmed, a confirmed one cannot be cancelled, and
 * confirming a confirmed or cancelling a cancelled one only says so. Beyond the spec: a confirmed
 * reservation whose time has passed may end as a no-show, which is final.
 */
export function statusChange(
  from: ReservationStatus,
  to: RequestedStatus,
  date: Date,
  now: Date,
): StatusOutcome {
  if (from === to) {
    const info = { CONFIRMED: M.alreadyConfirmed, CANCELLED: M.alreadyCancelled, NO_SHOW: M.alreadyNoShow }[
      to
    ];
    return { kind: 'same', info };
  }
  if (from === 'NO_SHOW') return { kind: 'refused', message: M.closedAsNoShow };
  switch (to) {
    case 'CONFIRMED':
      return from === 'CANCELLED'
        ? { kind: 'refused', message: M.cannotConfirmCancelled }
        : { kind: 'change' };
    case 'CANCELLED':
      return from === 'CONFIRMED'
        ? { kind: 'refused', message: M.cannotCancelConfirmed }
        : { kind: 'change' };
    case 'NO_SHOW':
      if (from !== 'CONFIRMED') return { kind: 'refused', message: M.noShowNeedsConfirmed };
      return date.getTime() > now.getTime()
        ? { kind: 'refused', message: M.noShowTooEarly }
        : { kind: 'change' };
  }
}

/** Spec 2: Confirmar and Cancelar are offered while a reservation is neither confirmed nor cancelled. */
export const canDecide = (status: ReservationStatus) =>
  status !== 'CONFIRMED' && status !== 'CANCELLED' && status !== 'NO_SHOW';

/** A confirmed reservation whose time has come may be marked as a no-show. */
export const canMarkNoShow = (status: ReservationStatus, date: string, now: number) =>
  status === 'CONFIRMED' && Date.parse(date) <= now;

/** Only a confirmed reservation holds a table. */
export const canHoldTable = (status: ReservationStatus) => status === 'CONFIRMED';

/**
 * When the floor's card shows the reservation set on its table: from an hour before its time
 * (the table is kept free) to half an hour after (the party may be late).
 */
export const FLOOR_WINDOW_MINUTES = { before: 60, after: 30 } as const;

export function isNear(date: string, now: number): boolean {
  const at = Date.parse(date);
  return now >= at - FLOOR_WINDOW_MINUTES.before * 60_000 && now <= at + FLOOR_WINDOW_MINUTES.after * 60_000;
}

/** A moment as São Paulo's clocks show it. */
export interface SaoPauloClock {
  /** 'yyyy-MM-dd' */
  day: string;
  /** 'HH:mm' */
  time: string;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  /** Minutes since midnight. */
  minutes: number;
}

const clockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
/** A period's end: '00:00' (or '24:00') ends the day. */
const endOf = (time: string) => minutesOf(time) || 24 * 60;

export function saoPauloClock(instant: Date): SaoPauloClock {
  const parts = Object.fromEntries(clockFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}`;
  return { day, time, weekday: new Date(`${day}T00:00:00Z`).getUTCDay(), minutes: minutesOf(time) };
}

/**
 * The instant São Paulo's clocks read `day` ('yyyy-MM-dd') at `time` ('HH:mm'), whatever the
 * machine's zone and that day's offset; null for a day or a time that does not exist.
 */
export function saoPauloInstant(day: string, time: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!date || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const wall = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), 0, minutesOf(time));
  if (new Date(wall).toISOString().slice(0, 10) !== day) return null;
  // The wall time read as UTC, moved back by the zone's offset at that moment (−3 h today).
  const shown = saoPauloClock(new Date(wall));
  const [year, month, dayOfMonth] = shown.day.split('-').map(Number) as [number, number, number];
  const offset = Date.UTC(year, month - 1, dayOfMonth, 0, shown.minutes) - wall;
  return new Date(wall - offset);
}

/** Today in São Paulo, 'yyyy-MM-dd' (the lists' day filters). */
export const todayInSaoPaulo = (now = new Date()) => saoPauloClock(now).day;

const WEEKDAY_NAMES = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const;
/** 'no domingo', 'na segunda-feira', … */
const onWeekday = (weekday: number) =>
  `${weekday === 0 || weekday === 6 ? 'no' : 'na'} ${WEEKDAY_NAMES[weekday]}`;

export interface Period {
  start_time: string;
  end_time: string;
}
/** What of the store a reservation's time is checked against (its info: reservations, reservation_hours). */
export interface ReservationSettings {
  reservations: boolean;
  reservation_hours: readonly { day_of_week: number; time_periods: readonly Period[] }[];
}

/** A weekday's reservation periods, from every entry of that day, in time order. */
export function periodsOn(settings: ReservationSettings, weekday: number): Period[] {
  return settings.reservation_hours
    .filter((day) => day.day_of_week === weekday)
    .flatMap((day) => day.time_periods)
    .sort((a, b) => minutesOf(a.start_time) - minutesOf(b.start_time));
}

/** A day's periods as people read them: 'no sábado: 12:00 às 14:30 e 19:00 às 22:30'. */
export function periodsText(settings: ReservationSettings, weekday: number): string {
  const periods = periodsOn(settings, weekday).map((p) => `${p.start_time} às ${p.end_time}`);
  if (periods.length === 0) return `Não há horários de reserva ${onWeekday(weekday)}.`;
  const listed = periods.length === 1 ? periods[0] : `${periods.slice(0, -1).join(', ')} e ${periods.at(-1)}`;
  return `Horários de reserva ${onWeekday(weekday)}: ${listed}.`;
}

const YEAR_MS = 366 * 24 * 60 * 60_000;

/**
 * Why a reservation cannot be made for `date`, or undefined: the store takes no reservations, the
 * time has passed or is more than a year away, or it falls outside the store's reservation hours
 * for that weekday, São Paulo time (a period from its start, up to but not including its end).
 */
export function reservationTimeProblem(
  settings: ReservationSettings,
  date: Date,
  now: Date,
): string | undefined {
  if (!settings.reservations) return M.disabled;
  if (date.getTime() <= now.getTime()) return M.past;
  if (date.getTime() - now.getTime() > YEAR_MS) return M.tooFar;
  const clock = saoPauloClock(date);
  const periods = periodsOn(settings, clock.weekday);
  const inside = periods.some(
    (p) => minutesOf(p.start_time) <= clock.minutes && clock.minutes < endOf(p.end_time),
  );
  if (inside) return undefined;
  const hours = periodsText(settings, clock.weekday);
  return periods.length === 0 ? hours : `Fora do horário de reservas. ${hours}`;
}

/** What Copiar puts on the clipboard: a text ready to send to the guest. */
export function reservationText(reservation: {
  fullname: string;
  date: string;
  n_persons: number;
  code: string;
}): string {
  const clock = saoPauloClock(new Date(reservation.date));
  const weekday = WEEKDAY_NAMES[clock.weekday]!;
  return [
    `Reserva de ${reservation.fullname}`,
    `Data: ${weekday}, ${formatDate(reservation.date)}`,
    `Horário: ${clock.time}`,
    `Pessoas: ${reservation.n_persons}`,
    `Código: ${reservation.code}`,
  ].join('\n');
}
