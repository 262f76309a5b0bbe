import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { formatCents } from '../../../../contract/lib/format';
import { MAX_QUANTITY } from '../../../../contract/resources/orderEntry/rules';
import type { ReviewedLine } from './useOrderEntry';
import { QuantityStepper } from './QuantityStepper';

/** '2× Bacon · Molho branco': a line's complements as the kitchen reads them. */
const complementsText = (line: ReviewedLine) =>
  line.priced.complements
    .map((complement) =>
      complement.quantity > 1 ? `${complement.quantity}× ${complement.name}` : complement.name,
    )
    .join(' · ');

/**
 * The order before it goes to the kitchen: each line with its complements, observations and
 * price, its quantity to change and 'Remover'; a line the menu no longer allows says why; then
 * the total, and the server's refusal of the last send, if any.
 */
export function ReviewStep({
  lines,
  total,
  refusal,
  disabled,
  onQuantity,
  onRemove,
}: {
  lines: readonly ReviewedLine[];
  total: number;
  refusal: string | null;
  disabled: boolean;
  onQuantity: (key: number, quantity: number) => void;
  onRemove: (key: number) => void;
}) {
  return (
    <Stack sx={{ gap: 2 }}>
      {refusal ? (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      ) : null}
      {lines.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          Nenhum item no pedido.
        </Typography>
      ) : (
        <Stack component="ul" aria-label="Itens do pedido" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {lines.map((line) => {
            const details = complementsText(line);
            return (
              <Stack
                key={line.key}
                component="li"
                aria-label={line.priced.name}
                direction="row"
                // A border, not a divider element: a list holds its items only.
                sx={{
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  gap: 1.5,
                  py: 1.5,
                  '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
                }}
              >
                <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {line.priced.name}
                  </Typography>
                  {details ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {details}
                    </Typography>
                  ) : null}
                  {line.line.observations ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      Obs.: {line.line.observations}
                    </Typography>
                  ) : null}
                  {line.refusal ? (
                    <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                      {line.refusal}
                    </Typography>
                  ) : null}
                </Box>
                <QuantityStepper
                  name={line.priced.name}
                  value={line.line.quantity}
                  min={1}
                  max={MAX_QUANTITY}
                  disabled={disabled}
                  onChange={(quantity) => onQuantity(line.key, quantity)}
                />
                <Typography sx={{ minWidth: 88, textAlign: 'right', fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatCents(line.priced.unit * line.line.quantity)}
                </Typography>
                <Button
                  color="error"
                  disabled={disabled}
                  onClick={() => onRemove(line.key)}
                  aria-label={`Remover ${line.priced.name}`}
                  sx={{ minHeight: 48 }}
                >
                  Remover
                </Button>
              </Stack>
            );
          })}
        </Stack>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', px: 0.5 }}>
        <Typography variant="h6" sx={{ fontWeight: 800 }}>
          Total
        </Typography>
        <Typography variant="h6" sx={{ fontWeight: 800 }} data-testid="order-total">
          {formatCents(total)}
        </Typography>
      </Stack>
    </Stack>
  );
}
