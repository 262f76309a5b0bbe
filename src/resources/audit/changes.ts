import { formatCents, formatDateTime } from '../../../contract/lib/format';

/**
 * How the rows a write changed read in the Histórico: the tables and columns by their names on
 * the screens, money as reais, instants in São Paulo, yes and no. A column not listed reads as the
 * database names it.
 */

const TABLES: Record<string, string> = {
  accounts: 'Conta',
  memberships: 'Equipe',
  role_permissions: 'Permissões da função',
  stores: 'Restaurante',
  tables: 'Mesa',
  orders: 'Comanda',
  tickets: 'Conta do cliente',
  order_items: 'Item',
  payments: 'Pagamento',
  coupons: 'Cupom',
  checkins: 'Check-in',
  reservations: 'Reserva',
  products: 'Produto',
  categories: 'Categoria',
  complement_groups: 'Grupo de complementos',
  complement_group_products: 'Produto do grupo de complementos',
  product_complement_groups: 'Complementos do produto',
  kitchens: 'Cozinha',
  integrations: 'Integração',
  bank_accounts: 'Conta bancária',
  statement_entries: 'Lançamento do extrato',
  deposits: 'Depósito',
  reviews: 'Avaliação',
  loyalty_programs: 'Programa de fidelidade',
  wall_posts: 'Postagem do mural',
  stories: 'Postagem FeedHunter',
  cuisines: 'Tipo de cozinha',
  operations: 'Cidade',
  customers: 'Usuário',
  faqs: 'Dúvida',
  promo_codes: 'Cupom promocional',
  push_notifications: 'Notificação',
  privacy_texts: 'Privacidade',
  usage_policy_texts: 'Termos de uso',
  usage_policy_acceptances: 'Aceite dos termos de uso',
};

const FIELDS: Record<string, string> = {
  name: 'Nome',
  fullname: 'Nome',
  title: 'Título',
  email: 'E-mail',
  phone: 'Telefone',
  role: 'Função',
  status: 'Status',
  permissions: 'Permissões',
  password_hash: 'Senha',
  token: 'Token',
  available: 'Disponível',
  active: 'Ativo',
  price: 'Preço',
  amount: 'Valor',
  fee: 'Taxa',
  method: 'Forma de pagamento',
  kind: 'Tipo',
  quantity: 'Quantidade',
  observation: 'Observação',
  table_id: 'Mesa',
  order_id: 'Comanda',
  ticket_id: 'Conta do cliente',
  customer_id: 'Cliente',
  product_id: 'Produto',
  category_id: 'Categoria',
  kitchen_id: 'Cozinha',
  store_id: 'Restaurante',
  account_id: 'Conta',
  number: 'Número',
  payment_status: 'Pagamento',
  subtotal: 'Subtotal',
  total: 'Total',
  total_paid: 'Total pago',
  service_fee: 'Taxa de serviço',
  discount: 'Desconto',
  product_price: 'Preço do produto',
  closed_at: 'Fechada em',
  created_at: 'Criado em',
  answer: 'Resposta',
  description: 'Descrição',
  image: 'Imagem',
  list_order: 'Ordem',
  waiter_requested: 'Garçom chamado',
  is_default: 'Conta padrão',
};

const MONEY = new Set([
  'price',
  'amount',
  'fee',
  'subtotal',
  'total',
  'total_paid',
  'service_fee',
  'product_price',
  'consumption',
]);

export function fieldLabel(field: string): string {
  return FIELDS[field] ?? field;
}

export function changeTitle(change: { t?: string; id?: string | null; op?: string }): string {
  const what = TABLES[change.t ?? ''] ?? change.t ?? 'Registro';
  const verb = change.op === 'I' ? 'criado' : change.op === 'D' ? 'removido' : 'alterado';
  return `${what} ${change.id ?? ''} ${verb}`.replace(/\s+/g, ' ').trim();
}

export function valueText(field: string, value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number' && MONEY.has(field)) return formatCents(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.map((item) => valueText(field, item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
