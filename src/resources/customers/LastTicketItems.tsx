import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatCents } from '../../../contract/lib/format';

interface Item {
  name: string;
  quantity: number;
  product_price: number;
}

/** The items of a customer's last ticket (SAVED ones are left out by the API), or nothing. */
export function LastTicketItems({ items }: { items: readonly Item[] | undefined }) {
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
