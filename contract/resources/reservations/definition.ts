import { z } from 'zod';
import { optionalText, phone, requiredText, storeIdField } from '../../lib/fields';
import { maskPhone } from '../../lib/format';
import { count, instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf, type RowOf } from '../../define';

/**
 * Reservations (restaurant spec 2 "Reservations", 3 Reservation, 4 reservation states, 5, 7, 8,
 * 9). Served by server/routes/reservations.ts; the list (/reserves) and the new reservation
 * (/reserves/create) are generated, with src/resources/reservations/overrides.tsx, and the
 * reservation hours (/reserves/opening-hours) are that folder's page. Beyond the spec, as booking
 * tools have them: a confirmed reservation whose time has passed may end as a no-show, and a confirmed one may hold
 * one of the store's tables, shown on the floor's card as its time nears.
 */

export const reservationStatuses = [
  { id: 'CREATED', name: 'Aguardando' },
  { id: 'CONFIRMED', name: 'Confirmada' },
  { id: 'CANCELLED', name: 'Cancelada' },
  { id: 'UNAVAILABLE', name: 'Indisponível' },
  { id: 'NO_SHOW', name: 'Não compareceu' },
] as const;
export type ReservationStatus = (typeof reservationStatuses)[number]['id'];

/** Spec 9: the day filter is before 18h, the night filter 18h or later, São Paulo time. */
export const reservationPeriods = [
  { id: 'day', name: 'Dia' },
  { id: 'night', name: 'Noite' },
] as const;
export type ReservationPeriod = (typeof reservationPeriods)[number]['id'];
export const NIGHT_STARTS_AT = 18;

const ids = <T extends readonly { id: string }[]>(choices: T) =>
  choices.map((choice) => choice.id) as unknown as [T[number]['id'], ...T[number]['id'][]];

/** The spec's words (8) and ours where it shows none. */
export const RESERVATION_MESSAGES = {
  created: 'Reserva criada com sucesso!',
  confirmed: 'Reserva confirmada',
  cancelled: 'Reserva cancelada',
  noShow: 'Não comparecimento registrado.',
  copied: 'Dados copiados!',
  listFailed: 'Erro ao buscar reservas',
  hoursSaved: 'Horários de reserva atualizados!',
  notFound: 'Reserva não encontrada.',
  cannotConfirmCancelled: 'Não é possível confirmar uma reserva cancelada!',
  cannotCancelConfirmed: 'Não é possível cancelar uma reserva confirmada!',
  alreadyConfirmed: 'Esta reserva já está confirmada.',
  alreadyCancelled: 'Esta reserva já está cancelada.',
  alreadyNoShow: 'O não comparecimento desta reserva já foi registrado.',
  closedAsNoShow: 'Esta reserva foi encerrada como não compareceu e não pode mais ser alterada.',
  noShowNeedsConfirmed: 'Só uma reserva confirmada pode ser marcada como não compareceu.',
  noShowTooEarly: 'O não comparecimento só pode ser registrado depois do horário da reserva.',
  tableNeedsConfirmed: 'Só uma reserva confirmada pode ter uma mesa reservada.',
  tableNotFound: 'Mesa não encontrada.',
  tableReleased: 'Mesa liberada da reserva.',
  disabled: 'Este restaurante não está aceitando reservas no momento.',
  past: 'Escolha uma data e um horário que ainda não passaram.',
  tooFar: 'As reservas podem ser feitas com até um ano de antecedência.',
} as const;

export const RESERVATION_NAME_REQUIRED = 'Informe o nome completo.';
export const RESERVATION_DATE_REQUIRED = 'Informe a data e o horário da reserva.';
const PERSONS = 'Informe o número de pessoas (de 1 a 100).';

/** `POST /api/reservations` (spec 7): fullname, phone, n_persons, date; the server makes the code. */
export const reservationCreateInput = z.strictObject({
  fullname: requiredText(100, RESERVATION_NAME_REQUIRED),
  // Typed with or without the mask, kept as its 10 or 11 digits (spec 5: sent as digits only).
  phone: phone(),
  n_persons: z.preprocess(
    // A number typed in a text field arrives as its digits.
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: PERSONS }).int(PERSONS).min(1, PERSONS).max(100, PERSONS),
  ),
  date: z.iso.datetime({ offset: true, error: RESERVATION_DATE_REQUIRED }),
  observations: optionalText(500),
  store_id: storeIdField,
});

/** What changes a reservation (`PATCH /api/reservations/id/{id}`): its state, and the table set aside for it. */
export const reservationUpdateInput = z.strictObject({
  status: z
    .enum(['CONFIRMED', 'CANCELLED', 'NO_SHOW'], {
      error: 'Status inválido: use CONFIRMED, CANCELLED ou NO_SHOW.',
    })
    .optional(),
  table_id: recordId.nullable().optional().describe('A mesa reservada (null a libera)'),
});

export const reservationRecord = z.object({
  id: recordId,
  store_id: recordId,
  customer_id: recordId.nullable(),
  code: z.string(),
  fullname: z.string(),
  email: maybeText,
  /** Digits only. */
  phone: z.string(),
  n_persons: count,
  date: instant,
  observations: maybeText,
  status: z.enum(ids(reservationStatuses)),
  /** The table set aside for a confirmed reservation, and its number. */
  table_id: recordId.nullable(),
  table_number: count.nullable(),
  created_at: instant,
  updated_at: instant,
});

export const reservations = defineResource({
  // The spec's route; the code says reservations everywhere else.
  name: 'reserves',
  endpoint: '/api/reservations',
  label: { one: 'Reserva', many: 'Reservas' },
  // Every role runs service, reservations included (docs/ARCHITECTURE.md, roles inside a store);
  // the reservation hours are the store's settings, its managers'.
  access: {
    list: 'store:reservations',
    one: 'store:reservations',
    create: 'store:reservations',
    update: 'store:reservations',
  },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    date: { label: 'Data', kind: 'datetime', list: true, sortable: true },
    fullname: { label: 'Nome', kind: 'text', list: true },
    phone: { label: 'Telefone', kind: 'text', list: true, text: (r) => maskPhone(r.phone as string) },
    n_persons: { label: 'Pessoas', kind: 'number', list: true },
    code: { label: 'Código', kind: 'text', list: true },
    status: { label: 'Status', kind: 'select', choices: reservationStatuses, list: true },
    table_number: {
      label: 'Mesa',
      kind: 'number',
      list: true,
      text: (r) => (typeof r.table_number === 'number' ? `Mesa ${r.table_number}` : ''),
    },
    observations: { label: 'Observações', kind: 'textarea', export: true },
    email: { label: 'E-mail', kind: 'text', export: true },
    created_at: { label: 'Criada em', kind: 'datetime', export: true },
  },
  input: reservationCreateInput,
  updateInput: reservationUpdateInput,
  record: reservationRecord,
  list: {
    // Spec 7 and 9: offset and limit 50, sorted by date ascending (the spec's `sort 1`).
    perPage: 50,
    sort: { field: 'date', order: 'ASC' },
    paging: 'offset',
    search: ['fullname', 'phone', 'code'],
  },
  // The store's team's list and new reservation (src/resources/reservations/overrides.tsx); a
  // reservation changes by its row's actions, not in a form.
  screens: {
    audience: 'staff',
    createLabel: 'Nova reserva',
    titles: { create: 'Nova reserva' },
    searchPlaceholder: 'Nome, telefone ou código',
    edit: false,
  },
  messages: {
    created: RESERVATION_MESSAGES.created,
    updated: 'Reserva atualizada.',
    deleted: 'Reserva removida.',
    notFound: RESERVATION_MESSAGES.notFound,
  },
});

export type Reservation = RecordOf<typeof reservations>;
export type ReservationRow = RowOf<typeof reservations>;
