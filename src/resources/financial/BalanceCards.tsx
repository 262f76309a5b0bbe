import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useApi } from '../../dataProvider/useApi';
import { formatCents } from '../../../contract/lib/format';
import { callPath } from '../../../contract/define';
import { statement } from '../../../contract/resources/financial/definition';

/** The five figures of `GET /api/financial/balance` (platform spec 3 "Financial summary"). */
export interface Balance {
  amount_received: number;
  amount_available: number;
  amount_preview: number;
  amount_canceled: number;
  amount_taxes: number;
}

const CARDS: readonly { key: keyof Balance; label: string; today?: boolean; color?: string }[] = [
  { key: 'amount_received', label: 'Recebido' },
  { key: 'amount_available', label: 'Disponível', today: true, color: 'success.main' },
  { key: 'amount_preview', label: 'A receber', today: true },
  { key: 'amount_canceled', label: 'Cancelado', color: 'error.main' },
  { key: 'amount_taxes', label: 'Taxas' },
];

export const BALANCE_NOTE =
  'Disponível e A receber são sempre o saldo de hoje; Recebido, Cancelado e Taxas seguem o período escolhido.';

/**
 * The five summary cards over the statement and the history (platform spec 2.8): what was
 * received, canceled and charged in the period (the whole statement without dates), and what can
 * be withdrawn today and what is still held (released 31 days after the payment, spec 9).
 */
export function BalanceCards({
  storeId,
  start,
  end,
}: {
  storeId: number | null;
  start?: string;
  end?: string;
}) {
  const query = {
    ...(storeId === null ? {} : { store_id: storeId }),
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
  };
  const { data, isPending, isError } = useApi<Balance>(callPath(statement, statement.calls!.balance!), query);
  return (
    <Box component="section" aria-label="Resumo financeiro" sx={{ mb: 2 }}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {CARDS.map((card) => (
          <Card component="li" key={card.key} variant="outlined">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography variant="body2" color="text.secondary">
                {card.label}
                {card.today ? ' (hoje)' : ''}
              </Typography>
              {isPending ? (
                <Skeleton width="70%" height={36} />
              ) : (
                <Typography
                  variant="h6"
                  component="p"
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: card.color }}
                >
                  {isError || !data ? '—' : formatCents(data[card.key])}
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {BALANCE_NOTE}
      </Typography>
    </Box>
  );
}
