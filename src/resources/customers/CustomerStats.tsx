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
import { formatCents, formatDateTime } from '../../../contract/lib/format';
import type { CustomerDetail } from '../../../contract/resources/customers/definition';

const count = new Intl.NumberFormat('pt-BR');

/** Facts side by side, as many as the width holds. */
export const facts = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: 2,
  m: 0,
} as const;

/** One fact about the customer: its label, then its value. */
export function Fact({ label, value }: { label: string; value: string }) {
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
export function CustomerStats({
  stats,
  store,
}: {
  stats: NonNullable<CustomerDetail['stats']>;
  store: boolean;
}) {
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
