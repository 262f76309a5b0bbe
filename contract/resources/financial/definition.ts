import { z } from 'zod';
import { storeIdField } from '../../lib/fields';
import { maskCnpj, maskCpf, maskPhone, onlyDigits } from '../../lib/format';
import { day, instant, maybeText, recordId } from '../../lib/records';
import { isValidCnpj, isValidCpf, isValidEmail, isValidPhone } from '../../lib/validators';
import { defineResource, type RecordOf, type RowOf } from '../../define';
import { bankOf } from './banks';

/**
 * A store's money (platform spec 2.8, 3 "Financial summary" and "Deposit", 9): the statement of
 * every movement of its balance, the transfers of that balance to its bank (the deposit history)
 * and the bank accounts it is paid into. Served by server/routes/financial.ts; the screens are
 * this folder's (/financial/extracts, /financial/history, /financial/bank-accounts).
 */

export const FINANCIAL_PAGE_SIZE = 8;

export const FINANCIAL_MESSAGES = {
  chooseStoreNotice: 'Escolha um restaurante para ver as finanças dele.',
  noEntries: 'Nenhum lançamento encontrado.',
  noDeposits: 'Nenhum depósito encontrado.',
  noAccounts: 'Nenhuma conta bancária cadastrada.',
  addAccount: 'Adicionar conta bancária',
} as const;

export const statementKindChoices = [
  { id: 'RECEIVED', name: 'Recebido' },
  { id: 'CANCELED', name: 'Cancelado' },
  { id: 'TAX', name: 'Taxa' },
  { id: 'DEPOSIT', name: 'Depósito' },
] as const;

export const depositStatusChoices = [
  { id: 'PENDING', name: 'Pendente' },
  { id: 'PAID', name: 'Pago' },
  { id: 'FAILED', name: 'Falhou' },
] as const;

export const accountTypeChoices = [
  { id: 'CHECKING', name: 'Corrente' },
  { id: 'SAVINGS', name: 'Poupança' },
] as const;

export const pixKeyTypeChoices = [
  { id: 'CPF', name: 'CPF' },
  { id: 'CNPJ', name: 'CNPJ' },
  { id: 'EMAIL', name: 'E-mail' },
  { id: 'PHONE', name: 'Telefone' },
  { id: 'RANDOM', name: 'Chave aleatória' },
] as const;

const ids = <T extends readonly { id: string }[]>(choices: T) =>
  choices.map((choice) => choice.id) as unknown as [T[number]['id'], ...T[number]['id'][]];

/** The statement's lines (spec 3 "Financial summary"): signed cents, newest first. */
export const statement = defineResource({
  name: 'financial/extracts',
  endpoint: '/api/financial/extracts',
  label: { one: 'Lançamento', many: 'Extrato' },
  access: { list: 'store:finance' },
  calls: {
    /** The five cards over the statement and the history. */
    balance: {
      method: 'GET',
      path: '/api/financial/balance',
      access: 'store:finance',
      summary: 'Resumo financeiro do restaurante (recebido, disponível, a receber, cancelado, taxas)',
    },
  },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    created_at: { label: 'Data', kind: 'datetime', list: true, sortable: true },
    kind: { label: 'Tipo', kind: 'select', choices: statementKindChoices, list: true, filter: false },
    description: { label: 'Descrição', kind: 'text', list: true },
    amount: { label: 'Valor', kind: 'money', list: true },
    service: { label: 'Serviço', kind: 'money', list: true },
    available_on: { label: 'Disponível em', kind: 'date', list: true },
  },
  input: z.strictObject({}),
  record: z.object({
    id: recordId,
    created_at: instant,
    kind: z.enum(ids(statementKindChoices)),
    description: z.string(),
    /** Signed cents: money in is positive, cancellations, fees and transfers out negative. */
    amount: z.int(),
    /** Of a payment received, what paid the service charge (not the restaurant's sales); null on other lines. */
    service: z.int().nullable(),
    /** The São Paulo day the money can be withdrawn (spec 9: payments are released within 31 days). */
    available_on: day,
  }),
  list: { perPage: FINANCIAL_PAGE_SIZE, sort: { field: 'created_at', order: 'DESC' } },
  messages: { created: '', updated: '', deleted: '', notFound: 'Lançamento não encontrado.' },
});

/** The deposit history (spec 3 "Deposit"): each transfer of the balance, with its bank. */
export const deposits = defineResource({
  name: 'financial/history',
  endpoint: '/api/financial/deposits',
  label: { one: 'Depósito', many: 'Histórico de depósitos' },
  access: { list: 'store:finance' },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    deposit_date: { label: 'Data do depósito', kind: 'date', list: true, sortable: true },
    amount: { label: 'Valor líquido', kind: 'money', list: true },
    status: { label: 'Situação', kind: 'select', choices: depositStatusChoices, list: true, filter: false },
    message: { label: 'Mensagem', kind: 'text', list: true },
    bank_name: { label: 'Banco', kind: 'text', list: true },
    created_at: { label: 'Solicitado em', kind: 'datetime', export: true },
  },
  input: z.strictObject({}),
  record: z.object({
    id: recordId,
    amount: z.int(),
    status: z.enum(ids(depositStatusChoices)),
    message: z.string(),
    deposit_date: day,
    /** The bank of the account it went to; null once that account was removed. */
    bank_name: maybeText,
    created_at: instant,
  }),
  list: { perPage: FINANCIAL_PAGE_SIZE, sort: { field: 'deposit_date', order: 'DESC' } },
  messages: { created: '', updated: '', deleted: '', notFound: 'Depósito não encontrado.' },
});

export const BANK_MESSAGES = {
  bank: 'Escolha o banco da lista.',
  agency: 'Informe a agência com 4 dígitos.',
  agencyDigit: 'O dígito da agência é um número de 0 a 9 ou X.',
  account: 'Informe a conta com até 12 dígitos, sem o dígito.',
  accountDigit: 'Informe o dígito da conta: um número de 0 a 9 ou X.',
  accountType: 'Escolha o tipo de conta.',
  holderName: 'Informe o nome do titular.',
  holderDocument: 'Informe um CPF ou CNPJ válido do titular.',
  pixKeyType: 'Escolha o tipo da chave PIX.',
  pixKey: 'Informe a chave PIX.',
  pixCpf: 'Informe um CPF válido como chave PIX.',
  pixCnpj: 'Informe um CNPJ válido como chave PIX.',
  pixEmail: 'Informe um e-mail válido como chave PIX.',
  pixPhone: 'Informe um celular válido como chave PIX: +55, DDD e número.',
  pixRandom: 'Informe a chave aleatória como o banco a mostra (32 letras e números com hifens).',
  keepDefault: 'O restaurante precisa de uma conta padrão: marque outra conta como padrão.',
} as const;

/** Blank inputs and nulls both mean "not given". */
const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** A text, trimmed and upper-cased (check digits are typed 'x' as often as 'X'). */
const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

const checkDigit = (message: string) => z.string({ error: message }).regex(/^[0-9X]$/, message);

const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A PIX key as stored, by its type: CPF and CNPJ as digits, the e-mail in lower case, the phone
 * as +55 with DDD and number, the random key (a UUID) in lower case; null when the key is invalid.
 */
export function normalPixKey(type: string, key: string): string | null {
  const text = key.trim();
  switch (type) {
    case 'CPF':
      return /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(text) && isValidCpf(text) ? onlyDigits(text) : null;
    case 'CNPJ':
      return /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(text) && isValidCnpj(text)
        ? onlyDigits(text)
        : null;
    case 'EMAIL':
      return text.length <= 77 && isValidEmail(text) ? text.toLowerCase() : null;
    case 'PHONE': {
      // Typed with +55 or without (a Brazilian number either way), masked or not.
      if (!/^[\d\s()+-]+$/.test(text)) return null;
      let digits = onlyDigits(text);
      if (text.startsWith('+')) {
        if (!digits.startsWith('55')) return null;
        digits = digits.slice(2);
      }
      return digits.length === 11 && isValidPhone(digits) ? `+55${digits}` : null;
    }
    case 'RANDOM':
      return RANDOM_KEY.test(text.toLowerCase()) ? text.toLowerCase() : null;
    default:
      return null;
  }
}

const PIX_MESSAGE: Record<string, string> = {
  CPF: BANK_MESSAGES.pixCpf,
  CNPJ: BANK_MESSAGES.pixCnpj,
  EMAIL: BANK_MESSAGES.pixEmail,
  PHONE: BANK_MESSAGES.pixPhone,
  RANDOM: BANK_MESSAGES.pixRandom,
};

/** How a stored PIX key reads: masked CPF, CNPJ or phone; the e-mail and random key as they are. */
export function pixKeyText(type: string | null | undefined, key: string | null | undefined): string {
  if (!type || !key) return '';
  if (type === 'CPF') return maskCpf(key);
  if (type === 'CNPJ') return maskCnpj(key);
  if (type === 'PHONE') return `+55 ${maskPhone(key.replace(/^\+55/, ''))}`;
  return key;
}

/** The holder's CPF (11 digits) or CNPJ (14), masked. */
export const documentText = (value: string | null | undefined) =>
  onlyDigits(value).length > 11 ? maskCnpj(value) : maskCpf(value);

/** Each field of a bank account by itself; the rules between fields are `accountRules`. */
const accountFields = {
  bank_code: z
    .string({ error: BANK_MESSAGES.bank })
    .refine((code) => bankOf(code) !== undefined, BANK_MESSAGES.bank),
  agency: z
    .string({ error: BANK_MESSAGES.agency })
    .trim()
    .regex(/^\d{4}$/, BANK_MESSAGES.agency),
  agency_digit: z.preprocess(
    (value) => upper(blank(value)),
    checkDigit(BANK_MESSAGES.agencyDigit).nullable().optional(),
  ),
  account: z
    .string({ error: BANK_MESSAGES.account })
    .trim()
    .regex(/^\d{1,12}$/, BANK_MESSAGES.account),
  account_digit: z.preprocess(upper, checkDigit(BANK_MESSAGES.accountDigit)),
  account_type: z.enum(ids(accountTypeChoices), { error: BANK_MESSAGES.accountType }),
  holder_name: z
    .string({ error: BANK_MESSAGES.holderName })
    .trim()
    .min(1, BANK_MESSAGES.holderName)
    .max(120, 'Limite máximo de 120 caracteres.'),
  holder_document: z
    .string({ error: BANK_MESSAGES.holderDocument })
    .trim()
    .refine((value) => {
      const digits = onlyDigits(value);
      return /^[\d./-]+$/.test(value) && (digits.length === 11 ? isValidCpf(digits) : isValidCnpj(digits));
    }, BANK_MESSAGES.holderDocument)
    .transform(onlyDigits),
  pix_key_type: z.preprocess(
    blank,
    z.enum(ids(pixKeyTypeChoices), { error: BANK_MESSAGES.pixKeyType }).nullable().optional(),
  ),
  pix_key: z.preprocess(blank, z.string().max(200, 'Limite máximo de 200 caracteres.').nullable().optional()),
  is_default: z.boolean({ error: 'Informe se a conta é a padrão.' }).optional(),
};

/** A text given, or null (blank, null, absent, or not a text: its own field says so). */
const given = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * A PIX key and its type go together, and the key must be one of its type. It runs also while
 * other fields are still wrong (`always`), so the form shows every message at once: the values
 * may then be raw.
 */
function pixRule(value: { pix_key_type?: unknown; pix_key?: unknown }, context: z.core.$RefinementCtx) {
  // Not an object at all (a body of null): the object's own check has said so.
  if (typeof value !== 'object' || value === null) return;
  const type = given(value.pix_key_type);
  const key = given(value.pix_key);
  if (type === null && key === null) return;
  if (type === null) {
    context.addIssue({ code: 'custom', path: ['pix_key_type'], message: BANK_MESSAGES.pixKeyType });
  } else if (key === null) {
    context.addIssue({ code: 'custom', path: ['pix_key'], message: BANK_MESSAGES.pixKey });
  } else if (PIX_MESSAGE[type] && normalPixKey(type, key) === null) {
    context.addIssue({ code: 'custom', path: ['pix_key'], message: PIX_MESSAGE[type] });
  }
}

const always = { when: () => true };

/**
 * A bank account as a form sends it (the form and the API validate with it): the bank from the
 * list, branch and account with their check digits, the holder, and the PIX key with its type
 * (stored as `normalPixKey` writes it).
 */
export const bankAccountInput = z
  .strictObject({ ...accountFields, store_id: storeIdField })
  .superRefine(pixRule, always);

/**
 * A change: any of the fields; the server checks the PIX rule on the account as it will be (the
 * form sends only what changed).
 */
export const bankAccountUpdateInput = z.strictObject(accountFields).partial();

/** The rules between fields, for an account as it will be after a change. */
export const bankAccountWhole = z.object(accountFields).superRefine(pixRule, always);

export const bankAccounts = defineResource({
  name: 'financial/bank-accounts',
  endpoint: '/api/financial/bank-accounts',
  label: { one: 'Conta bancária', many: 'Contas bancárias' },
  access: {
    list: 'store:bank_accounts',
    one: 'store:bank_accounts',
    create: 'store:bank_accounts',
    update: 'store:bank_accounts',
    delete: 'store:bank_accounts',
  },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    bank_name: {
      label: 'Banco',
      kind: 'text',
      list: true,
      form: true,
      text: (record) => `${String(record.bank_code)} · ${String(record.bank_name)}`,
    },
    agency: {
      label: 'Agência',
      kind: 'text',
      list: true,
      text: (record) =>
        record.agency_digit
          ? `${String(record.agency)}-${String(record.agency_digit)}`
          : String(record.agency),
    },
    account: {
      label: 'Conta',
      kind: 'text',
      list: true,
      text: (record) => `${String(record.account)}-${String(record.account_digit)}`,
    },
    account_type: {
      label: 'Tipo de conta',
      kind: 'select',
      choices: accountTypeChoices,
      list: true,
      filter: false,
    },
    holder_name: { label: 'Titular', kind: 'text', list: true },
    holder_document: {
      label: 'CPF/CNPJ do titular',
      kind: 'text',
      list: true,
      text: (record) => documentText(record.holder_document as string),
    },
    pix_key: {
      label: 'Chave PIX',
      kind: 'text',
      list: true,
      text: (record) => pixKeyText(record.pix_key_type as string | null, record.pix_key as string | null),
    },
    is_default: { label: 'Padrão', kind: 'boolean', list: true },
  },
  input: bankAccountInput,
  updateInput: bankAccountUpdateInput,
  record: z.object({
    id: recordId,
    store_id: recordId,
    bank_code: z.string(),
    bank_name: z.string(),
    agency: z.string(),
    agency_digit: maybeText,
    account: z.string(),
    account_digit: z.string(),
    account_type: z.enum(ids(accountTypeChoices)),
    holder_name: z.string(),
    holder_document: z.string(),
    pix_key: maybeText,
    pix_key_type: z.enum(ids(pixKeyTypeChoices)).nullable(),
    is_default: z.boolean(),
    created_at: instant,
  }),
  list: { perPage: 25, sort: { field: 'id', order: 'ASC' } },
  messages: {
    created: 'Conta bancária cadastrada com sucesso!',
    updated: 'Conta bancária atualizada com sucesso!',
    deleted: 'Conta bancária removida com sucesso!',
    notFound: 'Conta bancária não encontrada.',
  },
});

export type StatementRow = RowOf<typeof statement>;
export type DepositRow = RowOf<typeof deposits>;
export type BankAccount = RecordOf<typeof bankAccounts>;
