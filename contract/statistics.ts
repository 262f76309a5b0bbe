/**
 * The statistics and finance-figures API, shared by the server (validation, OpenAPI) and the web
 * screens (types): GET /api/statistics/general, GET /api/statistics and GET /api/financial/analytics.
 * Money in integer cents; days are the stores' calendar days (America/Sao_Paulo), 'YYYY-MM-DD'.
 */
import { z } from 'zod';

export const STATISTICS_PATHS = {
  general: '/api/statistics/general',
  store: '/api/statistics',
  analytics: '/api/financial/analytics',
} as const;

/** Month labels, January first: `MONTH_LABELS[month - 1]`. */
export const MONTH_LABELS = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
] as const;

/** Weekday labels, Sunday first (Postgres `extract(dow)`). */
export const WEEKDAY_LABELS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;

/** The payment methods in the order every split lists them. */
export const PAYMENT_METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'CASH', 'MEAL_VOUCHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CREDIT_CARD: 'Cartão de crédito',
  DEBIT_CARD: 'Cartão de débito',
  PIX: 'Pix',
  CASH: 'Dinheiro',
  MEAL_VOUCHER: 'Vale-refeição',
};

export const PERIODS = ['today', '7d', '30d', '12m', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  today: 'Hoje',
  '7d': '7 dias',
  '30d': '30 dias',
  '12m': '12 meses',
  custom: 'Personalizado',
};

/** The longest custom period, in days (a leap year). */
export const MAX_PERIOD_DAYS = 366;

export const PERIOD_MESSAGES = {
  period: 'Período inválido: use today, 7d, 30d, 12m ou custom.',
  date: 'Data inválida: use AAAA-MM-DD.',
  required: 'Informe o início e o fim do período.',
  order: 'O fim do período deve ser igual ou posterior ao início.',
  length: `O período pode ter no máximo ${MAX_PERIOD_DAYS} dias.`,
} as const;

/** A real calendar day written 'YYYY-MM-DD' (2026-02-30 is refused). */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PERIOD_MESSAGES.date)
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, PERIOD_MESSAGES.date);

/** Days from `start` to `end`, both included. */
export function periodDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period fields of a query: `period` (default 30d) and, with `custom`, `start` and `end`. */
export const periodFields = {
  period: z.enum(PERIODS, { error: PERIOD_MESSAGES.period }).default('30d'),
  start: calendarDay.optional(),
  end: calendarDay.optional(),
};

type PeriodFields = { period: Period; start?: string | undefined; end?: string | undefined };

/** The checks of a custom period, with their Portuguese messages. */
export function checkPeriod(value: PeriodFields, ctx: z.RefinementCtx): void {
  if (value.period !== 'custom') return;
  if (!value.start || !value.end) {
    ctx.addIssue({
      code: 'custom',
      message: PERIOD_MESSAGES.required,
      path: [value.start ? 'end' : 'start'],
    });
    return;
  }
  if (value.end < value.start) {
    ctx.addIssue({ code: 'custom', message: PERIOD_MESSAGES.order, path: ['end'] });
  } else if (periodDays(value.start, value.end) > MAX_PERIOD_DAYS) {
    ctx.addIssue({ code: 'custom', message: PERIOD_MESSAGES.length, path: ['end'] });
  }
}

/** The period parameters alone (GET /api/statistics/general). */
export const periodQuery = z.strictObject(periodFields).superRefine(checkPeriod);
export type PeriodQuery = z.input<typeof periodQuery>;

const cents = z.int();
const percentage = z.number();
const isoDay = z.string();

/** The period the figures cover and the one they are compared with, inclusive days. */
export const periodRange = z.object({
  start: isoDay,
  end: isoDay,
  previous_start: isoDay,
  previous_end: isoDay,
});
export type PeriodRange = z.infer<typeof periodRange>;

/**
 * Percentage change from the past figure to the current one, one decimal: the rule of every
 * variation the API answers and the screens compute. A past of nothing gives no percentage
 * (R$ 500 after R$ 0 is not "+100 %"): null, shown as '—'.
 */
export function variation(current: number, past: number): number | null {
  if (past === 0) return null;
  return Math.round(((current - past) / Math.abs(past)) * 1000) / 10;
}

/**
 * An amount and its change against the previous period (12.5 reads +12,5 %); null when the previous
 * period has nothing to compare with (shown as '—', never as +100 %).
 */
export const amountVariation = z.object({ amount: cents, variation: percentage.nullable() });

const methodShare = z.object({
  method: z.enum(PAYMENT_METHODS),
  label: z.string(),
  amount: cents,
  percentage,
});
export type MethodShare = z.infer<typeof methodShare>;

/** A period's money, for the platform and for a store alike: paid, tickets, average, gross and net. */
const periodFinancial = z.object({
  paid_amount: cents,
  total_tickets: z.int(),
  avg_ticket: cents,
  gross: amountVariation,
  liquid: amountVariation,
});

export const generalStatistics = z.object({
  data: z.object({
    orders: z.array(z.object({ day: isoDay, label: z.string(), total: z.int() })),
    platforms: z.array(
      z.object({
        platform: z.enum(['IOS', 'ANDROID']),
        month: z.int().min(1).max(12),
        label: z.string(),
        total: z.int(),
      }),
    ),
    financial: periodFinancial,
    totalUsers: z.int(),
    period: periodRange,
  }),
});
export type GeneralStatistics = z.infer<typeof generalStatistics>['data'];

export const storeStatistics = z.object({
  data: z.object({
    financial: periodFinancial.extend({
      previous: periodFinancial.pick({ paid_amount: true, total_tickets: true, avg_ticket: true }),
      /** Of the paid amount, what the items sold came to, and what paid the service charge. */
      sales: amountVariation,
      service: amountVariation,
    }),
    products: z.array(
      z.object({ id: z.int(), name: z.string(), thumbnail: z.string().nullable(), total: z.int() }),
    ),
    by_hour: z.array(z.object({ hour: z.int().min(0).max(23), label: z.string(), amount: cents })),
    by_weekday: z.array(z.object({ weekday: z.int().min(0).max(6), label: z.string(), amount: cents })),
    methods: z.array(methodShare),
    series: z.array(z.object({ day: isoDay, label: z.string(), amount: cents, tickets: z.int() })),
    period: periodRange,
  }),
});
export type StoreStatistics = z.infer<typeof storeStatistics>['data'];

const monthAmount = z.object({ month: z.string(), label: z.string(), amount: cents });
export type MonthAmount = z.infer<typeof monthAmount>;

export const financialAnalytics = z.object({
  data: z.object({
    scope: z.object({ store_id: z.int().nullable(), name: z.string() }),
    avg_ticket: z.array(monthAmount),
    incomes: z.array(monthAmount),
    methods: z.array(methodShare),
    by_month: z.array(monthAmount),
  }),
});
export type FinancialAnalytics = z.infer<typeof financialAnalytics>['data'];

/** The name of the platform-wide scope of the analytics. */
export const PLATFORM_SCOPE_NAME = 'Plataforma';

/** The message when an administrator asks for a store's figures without choosing one. */
export const CHOOSE_STORE = 'Escolha um restaurante';
