import { z } from 'zod';
import { instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';
import { printDocument } from './document';

/**
 * Impressões: the store's print jobs (server/printing/jobs.ts) — the kitchen tickets of each send
 * to a station that prints, and the pre-bills sent to a printer — with whether each printed, where,
 * and why not. The team reads them and reprints one ('Reimprimir', recorded in the audit trail); a
 * printer-side agent (or a second tablet) claims the jobs of stations without a network printer
 * and acknowledges each once it printed.
 */

export const PRINT_JOB_KINDS = [
  { id: 'KITCHEN', name: 'Pedido da cozinha' },
  { id: 'PREBILL', name: 'Conferência de conta' },
  { id: 'RECEIPT', name: 'Comprovante' },
] as const;

export const PRINT_JOB_STATUSES = [
  { id: 'PENDING', name: 'Na fila' },
  { id: 'SENDING', name: 'Imprimindo' },
  { id: 'PRINTED', name: 'Impresso' },
  { id: 'FAILED', name: 'Não impresso' },
] as const;

export const PRINT_JOB_MESSAGES = {
  unreachable: (printer: string) => `A impressora ${printer} não respondeu.`,
  toFallback: (printer: string) => `A impressora ${printer} não respondeu: enviado à impressora reserva.`,
  interrupted: 'A impressão foi interrompida no meio: confira a impressora e reimprima se preciso.',
  lapsed: 'A impressão não foi confirmada: confira a impressora e reimprima se preciso.',
  notFound: 'Impressão não encontrada.',
  alreadyPrinted: 'Esta impressão já foi confirmada.',
  notYours: 'Esta impressão não está com você (ou o prazo para confirmá-la acabou): peça a próxima de novo.',
  reprinted: 'Impressão enviada de novo.',
  leaseRequired: 'Informe a reserva recebida ao pegar a impressão.',
} as const;

const kind = z.enum(['KITCHEN', 'PREBILL', 'RECEIPT']);
const status = z.enum(['PENDING', 'SENDING', 'PRINTED', 'FAILED']);

const row = z.object({
  id: recordId,
  store_id: recordId,
  kind,
  kitchen_id: recordId.nullable(),
  kitchen_name: maybeText,
  order_id: recordId.nullable(),
  title: z.string(),
  paper_width: z.union([z.literal(80), z.literal(58)]),
  printer: maybeText,
  status,
  attempts: z.int(),
  printed_on: maybeText,
  printed_at: instant.nullable(),
  error: maybeText,
  reprint_of: recordId.nullable(),
  created_at: instant,
});

/** What an agent claims: which kinds, for which station (none: any). */
export const claimInput = z.strictObject({
  kinds: z.array(kind).min(1, 'Escolha ao menos um tipo de impressão.').max(3).optional(),
  kitchen_id: z.int().positive('Cozinha inválida.').optional(),
});

/** The lease an agent got with its claim, to acknowledge (or give back) that job. */
export const leaseInput = z.strictObject({
  lease: z.uuid({ error: PRINT_JOB_MESSAGES.leaseRequired }),
});

/** A claimed job: its document to print, and the lease to acknowledge it with. */
export const claimedJob = row.extend({ document: printDocument, lease: z.string() });

export const printJobs = defineResource({
  name: 'print-jobs',
  endpoint: '/api/print-jobs',
  label: { one: 'Impressão', many: 'Impressões' },
  access: { list: 'store', one: 'store' },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    // The state first: on a tablet the table scrolls sideways, and what did not print must show.
    created_at: { label: 'Criada em', kind: 'datetime', list: true, sortable: true },
    status: { label: 'Situação', kind: 'select', choices: PRINT_JOB_STATUSES, list: true },
    title: { label: 'O quê', kind: 'text', list: true },
    error: { label: 'Observação', kind: 'text', list: true },
    kind: { label: 'Tipo', kind: 'select', choices: PRINT_JOB_KINDS, list: true },
    printer: { label: 'Impressora', kind: 'text', list: true },
    printed_at: { label: 'Impressa em', kind: 'datetime', list: true },
    kitchen_id: { label: 'Cozinha', kind: 'number', filter: false },
    kitchen_name: { label: 'Cozinha', kind: 'text', export: true },
  },
  input: z.strictObject({}),
  row,
  record: row.extend({ document: printDocument }),
  list: { perPage: 25, sort: { field: 'created_at', order: 'DESC' } },
  calls: {
    claim: {
      method: 'POST',
      path: '/claim',
      access: 'store',
      summary:
        'Pega a próxima impressão na fila de um agente de impressão (cozinhas sem impressora na rede), reservada a quem a pegou até confirmá-la',
    },
    acknowledge: {
      method: 'POST',
      path: '/id/:id/ack',
      access: 'store',
      summary: 'Confirma que a impressão pega saiu na impressora: uma vez só',
    },
    release: {
      method: 'POST',
      path: '/id/:id/release',
      access: 'store',
      summary: 'Devolve à fila uma impressão pega e não impressa',
    },
    reprint: {
      method: 'POST',
      path: '/id/:id/reprint',
      access: 'store:board',
      summary: 'Imprime de novo (uma nova impressão, marcada como reimpressão e registrada no histórico)',
    },
  },
  screens: { audience: 'staff', edit: 'show', titles: { list: 'Impressões' } },
  messages: { created: '', updated: '', deleted: '', notFound: PRINT_JOB_MESSAGES.notFound },
});

export type PrintJob = RecordOf<typeof printJobs>;
