import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { formatCents } from '../../../../contract/lib/format';
import {
  checkLine,
  groupState,
  MAX_OBSERVATIONS,
  MAX_QUANTITY,
  priceLine,
  type MenuProduct,
  type OrderLine,
  type PricedLine,
} from '../../../../contract/resources/orderEntry/rules';
import { GroupPicker, type ChosenOption } from './GroupPicker';
import { QuantityStepper } from './QuantityStepper';

const TOUCH = { minHeight: 48 } as const;

/**
 * One product being added to the order: a picker per complement group, 'Observações' when the
 * product takes them, the quantity, and the line's price as it is chosen. 'Adicionar ao pedido'
 * waits until the rules take the line, and their refusal says why meanwhile (`checkLine` against
 * the menu read when the order entry opened; the server checks it again when the order is sent).
 */
export function ProductSheet({
  product,
  menu,
  onAdd,
  onClose,
}: {
  product: MenuProduct;
  /** The whole menu, as `checkLine` reads it. */
  menu: readonly MenuProduct[];
  onAdd: (line: OrderLine, priced: PricedLine) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState<Record<number, ChosenOption[]>>({});
  const [quantity, setQuantity] = useState(1);
  const [observations, setObservations] = useState('');

  const line: OrderLine = {
    product_id: product.id,
    quantity,
    complements: product.groups.flatMap((group) =>
      (chosen[group.id] ?? []).map((option) => ({ group_id: group.id, ...option })),
    ),
    observations: product.allow_observations && observations.trim() ? observations.trim() : null,
  };
  const checked = checkLine(line, { products: [...menu] });
  const { total } = priceLine(product, line);
  // A group's own refusal is written under the group already: said once, where it is to be fixed.
  const said = product.groups.map((group) => groupState(group, chosen[group.id] ?? [], product.name).message);
  const refusal = checked.ok || said.includes(checked.message) ? null : checked.message;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={narrow} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ fontWeight: 700, pr: 8 }}>
        {product.name}
        <Typography component="span" color="text.secondary" sx={{ display: 'block' }}>
          {formatCents(product.price)}
        </Typography>
      </DialogTitle>
      <IconButton
        aria-label="Fechar"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8, width: 48, height: 48 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          {product.groups.map((group) => (
            <GroupPicker
              key={group.id}
              group={group}
              chosen={chosen[group.id] ?? []}
              productName={product.name}
              onChange={(options) => setChosen((before) => ({ ...before, [group.id]: options }))}
            />
          ))}
          {product.allow_observations ? (
            <TextField
              label="Observações"
              value={observations}
              onChange={(event) => setObservations(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: MAX_OBSERVATIONS } }}
              helperText={`${observations.length}/${MAX_OBSERVATIONS}`}
              fullWidth
            />
          ) : null}
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>Quantidade</Typography>
            <QuantityStepper
              name={product.name}
              value={quantity}
              min={1}
              max={MAX_QUANTITY}
              onChange={setQuantity}
            />
          </Stack>
          {refusal ? (
            <Alert severity="info" role="status">
              {refusal}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Valor do item
          </Typography>
          <Typography variant="h6" sx={{ fontWeight: 800 }} data-testid="line-price">
            {formatCents(total)}
          </Typography>
        </Box>
        <Button
          variant="contained"
          disabled={!checked.ok}
          onClick={() => checked.ok && onAdd(line, checked.line)}
          sx={TOUCH}
        >
          Adicionar ao pedido
        </Button>
      </DialogActions>
    </Dialog>
  );
}
