import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { TextInput, useRecordContext, type RaRecord } from 'react-admin';
import { PersonLine } from '../../components/PersonLine';
import { formatCents, formatDateTime } from '../../../contract/lib/format';
import { customers, type CustomerDetail } from '../../../contract/resources/customers/definition';

/*
 * What a customer's screens share: the administrators' detail (./overrides.tsx) and the customer
 * a review opens (../reviews/ReviewCustomer.tsx).
 */

export const customerPath = (id: RaRecord['id']) => `/customers/list/details/${id}`;

const useCustomer = () => useRecordContext<CustomerDetail>();

/** The screen's title: the customer's name. */
export function CustomerName() {
  return <>{useCustomer()?.fullname ?? customers.label.one}</>;
}

/** The customer's picture, name (the page's heading) and @username. */
export function CustomerHeading() {
  const customer = useCustomer();
  if (!customer) return null;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <PersonLine
        picture={customer.profile_picture}
        name={customer.fullname}
        username={customer.username}
        size={80}
        heading="customer-name"
      />
    </Box>
  );
}

/** The list's column is "Nome"; a customer's screens name it in full. */
export const fullNameInput = <TextInput source="fullname" label="Nome completo" readOnly fullWidth />;

const count = new Intl.NumberFormat('pt-BR');

/** Facts side by side, as many as the width holds. */
const facts = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: 2,
  m: 0,
} as const;

/** One fact about the customer: its label, then its value. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

type Ticket = NonNullable<NonNullable<CustomerDetail['stats']>['lastTicket']>;

/** The items of a customer's last ticket (SAVED ones are left out by the API), or nothing. */
function LastTicketItems({ items }: { items: Ticket['items'] | undefined }) {
  if (!items?.length) return null;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Itens da última comanda">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell align="right">Quantidade</TableCell>
            <TableCell align="right">Preço</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item, index) => (
            <TableRow key={index}>
              <TableCell>{item.name}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{formatCents(item.product_price)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Visits and the last ticket, with what was ordered (cancelled items and the cart left out), and
 * for an administrator, who sees every store's, which restaurant it was at.
 */
export function CustomerStats({ store }: { store: boolean }) {
  const stats = useCustomer()?.stats;
  if (!stats) return null;
  const ticket = stats.lastTicket;
  return (
    <Card component="section" aria-labelledby="customer-stats">
      <CardContent>
        <Typography id="customer-stats" variant="h6" component="h2" gutterBottom>
          Estatísticas
        </Typography>
        <Box component="dl" sx={{ ...facts, mb: 2 }}>
          <Fact label="Visitas" value={count.format(stats.visits)} />
          <Fact
            label="Última comanda"
            value={ticket ? formatDateTime(ticket.created_at) : 'Nenhuma comanda'}
          />
          {ticket && store ? <Fact label="Restaurante" value={ticket.store_name} /> : null}
          {ticket ? <Fact label="Total da comanda" value={formatCents(ticket.total)} /> : null}
        </Box>
        <LastTicketItems items={ticket?.items} />
      </CardContent>
    </Card>
  );
}
