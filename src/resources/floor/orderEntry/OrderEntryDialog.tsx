import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { formatCents } from '../../../../contract/lib/format';
import type { Order, OrderTicket } from '../../../../contract/resources/tabs/definition';
import { MenuBrowser, type MenuEntry } from './MenuBrowser';
import { ProductSheet } from './ProductSheet';
import { ReviewStep } from './ReviewStep';
import { useOrderEntry } from './useOrderEntry';

const TOUCH = { minHeight: 48 } as const;

const STEPS = ['Cardápio', 'Revisar'] as const;

/** '1 item', '3 itens'. */
const itemsText = (count: number) => `${count} ${count === 1 ? 'item' : 'itens'}`;

/**
 * The waiter's order entry for one guest of an open tab, in two steps: Cardápio (browse the menu,
 * a product's sheet adds a line) and Revisar (change or remove lines, then 'Enviar para a
 * cozinha'). The lines are the waiter's draft on the server: it starts from the one saved, and
 * closing without sending keeps it. Full screen on a tablet (below `lg`), a large dialog above.
 * `onSent` gets the tab as the server answers it, once the items are placed (null when they wait
 * in the outbox for the connection).
 */
export function OrderEntryDialog({
  order,
  ticket,
  onSent,
  onClose,
}: {
  order: Pick<Order, 'id' | 'store_id' | 'table_number'>;
  ticket: OrderTicket;
  onSent: (order: Order | null) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const tablet = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  const [step, setStep] = useState<(typeof STEPS)[number]>('Cardápio');
  const [product, setProduct] = useState<MenuEntry | null>(null);
  const entry = useOrderEntry({
    order,
    ticketId: ticket.id,
    forWhom:
      order.table_number === null
        ? ticket.customer.fullname
        : `${ticket.customer.fullname} na mesa ${order.table_number}`,
    onSent,
  });
  const { menu, draft } = entry;
  // The menu and the draft are read together: the lines start from the draft, priced by the menu.
  const failed = menu.error ?? draft.error;

  return (
    <Dialog
      open
      onClose={entry.sending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={tablet}
      maxWidth="lg"
      fullWidth
      slotProps={{ paper: { sx: tablet ? undefined : { height: '90vh' } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 800, pr: 8 }}>
        Adicionar itens — {ticket.customer.fullname}
      </DialogTitle>
      {entry.saved ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 3, mt: -1.5, mb: 1 }}>
          Rascunho salvo — só você vê
        </Typography>
      ) : null}
      <IconButton
        aria-label="Fechar"
        onClick={onClose}
        disabled={entry.sending}
        sx={{ position: 'absolute', right: 8, top: 8, width: 48, height: 48 }}
      >
        <CloseIcon />
      </IconButton>
      <Box sx={{ px: 3, pb: 1.5 }}>
        <Stepper activeStep={STEPS.indexOf(step)}>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      <DialogContent dividers>
        {step === 'Revisar' ? (
          <ReviewStep
            lines={entry.lines}
            total={entry.total}
            refusal={entry.refusal}
            disabled={entry.sending}
            onQuantity={entry.setQuantity}
            onRemove={entry.remove}
          />
        ) : failed ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                onClick={() => {
                  if (menu.isError) void menu.refetch();
                  if (draft.isError) void draft.refetch();
                }}
                sx={TOUCH}
              >
                Tentar de novo
              </Button>
            }
          >
            {failed instanceof Error && failed.message
              ? failed.message
              : 'Ocorreu um erro ao tentar carregar as informações dessa página'}
          </Alert>
        ) : !menu.data || draft.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Carregando o cardápio" />
          </Box>
        ) : (
          <Stack sx={{ gap: 2 }}>
            {entry.refusal ? (
              <Alert severity="error" role="alert">
                {entry.refusal}
              </Alert>
            ) : null}
            <MenuBrowser menu={menu.data} onPick={setProduct} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        {step === 'Cardápio' ? (
          <>
            <Typography sx={{ flex: 1, fontWeight: 700 }} data-testid="order-summary">
              {`${itemsText(entry.count)} · ${formatCents(entry.total)}`}
            </Typography>
            <Button
              variant="contained"
              disabled={entry.lines.length === 0}
              onClick={() => {
                // What changed is saved now, not a moment later: the review shows a refusal at once.
                void entry.save();
                setStep('Revisar');
              }}
              sx={TOUCH}
            >
              Revisar pedido
            </Button>
          </>
        ) : (
          <>
            <Button
              startIcon={<ArrowBackIcon />}
              disabled={entry.sending}
              onClick={() => setStep('Cardápio')}
              sx={{ ...TOUCH, mr: 'auto' }}
            >
              Voltar ao cardápio
            </Button>
            <Button
              variant="contained"
              color="success"
              startIcon={entry.sending ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
              disabled={entry.sending || entry.lines.length === 0}
              onClick={() => void entry.send()}
              sx={TOUCH}
            >
              Enviar para a cozinha
            </Button>
          </>
        )}
      </DialogActions>
      {product && menu.data ? (
        <ProductSheet
          product={product}
          menu={menu.data.products}
          onAdd={(line, priced) => {
            entry.add(line, priced);
            setProduct(null);
          }}
          onClose={() => setProduct(null)}
        />
      ) : null}
    </Dialog>
  );
}
