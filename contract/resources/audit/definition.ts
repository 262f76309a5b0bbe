import { z } from 'zod';
import { instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf, type RowOf } from '../../define';

/**
 * The audit trail (Histórico): who did what, where and when, and why — every write the API made,
 * from the store's team, the platform's administrators, and the demo's guests. Read only: rows are
 * written by the server with each write (server/plugins/audit.ts) and never changed. A store's
 * managers (the roles that hold "Histórico") read their store's; administrators any store's, or
 * the platform's own (restaurants, cuisines, approvals…).
 */

/** What was done, in the users' words. Actions not listed read as the API names them. */
export const AUDIT_ACTIONS = [
  { id: 'create', name: 'Criou' },
  { id: 'update', name: 'Alterou' },
  { id: 'delete', name: 'Removeu' },
  { id: 'reorder', name: 'Reordenou' },
  { id: 'sign-in', name: 'Entrou' },
  { id: 'sign-out', name: 'Saiu' },
  { id: 'switch-store', name: 'Trocou de restaurante' },
  { id: 'password-change', name: 'Trocou a senha' },
  { id: 'password-reset', name: 'Definiu a senha pelo token' },
  { id: 'password-token-request', name: 'Pediu token de acesso' },
  { id: 'password-token', name: 'Usou token de acesso' },
  { id: 'change-role', name: 'Mudou a função' },
  { id: 'includeCollaborator', name: 'Incluiu colaborador' },
  { id: 'save', name: 'Salvou' },
  { id: 'accept', name: 'Aceitou os termos' },
  { id: 'approve', name: 'Aprovou' },
  { id: 'settle', name: 'Acertou a conta' },
  { id: 'close', name: 'Fechou a comanda' },
  { id: 'release', name: 'Liberou a mesa' },
  { id: 'release-with-balance', name: 'Liberou a mesa com saldo' },
  { id: 'physicalPayment', name: 'Deu baixa' },
  { id: 'pay', name: 'Deu baixa' },
  { id: 'remove-payment', name: 'Estornou pagamento' },
  { id: 'remove-service', name: 'Retirou o serviço' },
  { id: 'restore-service', name: 'Voltou a cobrar o serviço' },
  { id: 'move', name: 'Transferiu a comanda' },
  { id: 'merge', name: 'Juntou as mesas' },
  { id: 'undo-move', name: 'Desfez a transferência' },
  { id: 'undo-merge', name: 'Desfez a junção' },
  { id: 'dismissWaiter', name: 'Atendeu o chamado' },
  { id: 'status', name: 'Mudou o status' },
  { id: 'cancel-item', name: 'Cancelou item' },
  { id: 'advance', name: 'Avançou o preparo' },
  { id: 'recall', name: 'Voltou ao preparo' },
  { id: 'open', name: 'Abriu a mesa' },
  { id: 'add-guest', name: 'Incluiu cliente na comanda' },
  { id: 'add-items', name: 'Lançou itens' },
  { id: 'save-draft', name: 'Salvou o rascunho' },
  { id: 'drop-draft', name: 'Descartou o rascunho' },
  { id: 'upload', name: 'Enviou arquivo' },
  { id: 'remove-upload', name: 'Removeu arquivo' },
  { id: 'guest-seat', name: 'Clientes sentaram' },
  { id: 'guest-join', name: 'Cliente entrou na comanda' },
  { id: 'guest-order', name: 'Pedido pelo app' },
  { id: 'guest-pay', name: 'Pagamento pelo app' },
  { id: 'call-waiter', name: 'Chamou o garçom' },
  { id: 'qr-order', name: 'Pedido pelo QR code' },
  { id: 'approve-held', name: 'Aprovou pedido da mesa' },
  { id: 'reject-held', name: 'Recusou pedido da mesa' },
  { id: 'rotate-token', name: 'Trocou o QR code' },
  { id: 'rotate-tokens', name: 'Trocou os QR codes' },
  { id: 'save-guest-settings', name: 'Alterou os pedidos pelo QR code' },
  { id: 'reprint', name: 'Reimprimiu' },
  { id: 'print-prebill', name: 'Imprimiu a conferência de conta' },
  { id: 'print-receipt', name: 'Imprimiu o comprovante de um pagamento' },
  { id: 'pix-received', name: 'Pix recebido (provedor)' },
  { id: 'split-bill', name: 'Dividiu a conta' },
  { id: 'pay-share', name: 'Recebeu uma parte da conta' },
  { id: 'cancel-shares', name: 'Desfez a divisão da conta' },
] as const;

/** Where it was done: the resources' names and the areas without a definition. */
export const AUDIT_RESOURCES = [
  { id: 'auth', name: 'Acesso' },
  { id: 'account', name: 'Minha conta' },
  { id: 'admins', name: 'Equipe / administradores' },
  { id: 'role-permissions', name: 'Permissões' },
  { id: 'restaurants', name: 'Restaurante' },
  { id: 'tables', name: 'Mesas' },
  { id: 'commands', name: 'Comandas' },
  { id: 'orderItems', name: 'Pedidos (cozinha)' },
  { id: 'reserves', name: 'Reservas' },
  { id: 'products', name: 'Produtos' },
  { id: 'categories', name: 'Categorias' },
  { id: 'complementGroups', name: 'Complementos' },
  { id: 'kitchens', name: 'Cozinhas' },
  { id: 'integrations', name: 'Integrações' },
  { id: 'financial/bank-accounts', name: 'Contas bancárias' },
  { id: 'reviews', name: 'Avaliações' },
  { id: 'loyalty-programs', name: 'Fidelidade' },
  { id: 'mural', name: 'Mural' },
  { id: 'usagePolicy', name: 'Termos de uso' },
  { id: 'uploads', name: 'Arquivos' },
  { id: 'print-jobs', name: 'Impressões' },
  { id: 'pix', name: 'Pix (provedor)' },
  { id: 'cousines', name: 'Cozinhas (tipos)' },
  { id: 'operations', name: 'Cidades' },
  { id: 'customers', name: 'Usuários' },
  { id: 'notifications', name: 'Notificações' },
  { id: 'faqs', name: 'Dúvidas' },
  { id: 'promoCodes', name: 'Cupons' },
  { id: 'stories', name: 'FeedHunters' },
  { id: 'privacy', name: 'Privacidade' },
] as const;

/** A row's change: which table row, inserted (I), updated (U) or removed (D), its fields before and after. */
export const auditChange = z.object({
  t: z.string().optional(),
  id: z.string().nullable().optional(),
  op: z.enum(['I', 'U', 'D']).optional(),
  s: z.number().nullable().optional(),
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
  /** Rows past the first 200 of one write, counted only. */
  more: z.number().optional(),
});

const row = z.object({
  id: recordId,
  at: instant,
  store_id: recordId.nullable(),
  store_name: maybeText,
  account_id: recordId.nullable(),
  actor: maybeText,
  address: maybeText,
  resource: z.string(),
  record_id: maybeText,
  action: z.string(),
  summary: maybeText,
  reason: maybeText,
});

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_MESSAGES = {
  empty: 'Nada registrado no período.',
  chooseStore: 'Todos os restaurantes e a plataforma',
  platform: 'Somente a plataforma',
} as const;

export const auditEvents = defineResource({
  name: 'audit-events',
  endpoint: '/api/audit-events',
  label: { one: 'Registro do histórico', many: 'Histórico' },
  access: { list: 'store:audit', one: 'store:audit' },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    at: { label: 'Quando', kind: 'datetime', list: true, sortable: true },
    actor: { label: 'Quem', kind: 'text', list: true },
    action: { label: 'O quê', kind: 'select', choices: AUDIT_ACTIONS, list: true },
    resource: { label: 'Onde', kind: 'select', choices: AUDIT_RESOURCES, list: true },
    record_id: { label: 'Registro', kind: 'text', list: true },
    summary: { label: 'Resumo', kind: 'text', list: true },
    reason: { label: 'Motivo', kind: 'text', list: true },
    store_name: { label: 'Restaurante', kind: 'text', export: true },
    address: { label: 'Endereço IP', kind: 'text', export: true },
  },
  input: z.strictObject({}),
  row,
  record: row.extend({
    chain: z.string(),
    seq: z.int(),
    session_id: maybeText,
    changes: z.array(auditChange),
    subjects: z.array(z.string()),
    prev_hash: z.string(),
    hash: z.string(),
  }),
  list: { perPage: AUDIT_PAGE_SIZE, sort: { field: 'at', order: 'DESC' } },
  screens: { audience: 'everyone', titles: { list: 'Histórico' } },
  messages: { created: '', updated: '', deleted: '', notFound: 'Registro do histórico não encontrado.' },
});

export type AuditEvent = RecordOf<typeof auditEvents>;
export type AuditRow = RowOf<typeof auditEvents>;
