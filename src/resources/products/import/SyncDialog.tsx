import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { formatCents } from '../../../../contract/lib/format';
import type { SyncChange } from '../../../../contract/resources/integrations/definition';

/** One value before and after, the new one emphasised; unchanged values read once. */
function Change({ label, from, to }: { label: string; from: string; to: string }) {
  if (from === to) {
    return (
      <Typography variant="body2" color="text.secondary">
        {label}: {from}
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      {label}: <s aria-label={`antes ${from}`}>{from}</s> → <strong>{to}</strong>
    </Typography>
  );
}

/**
 * Sincronizar: what changed in the OPDV since the products were imported or linked (name and
 * price, old → new), each applied only if left chosen, and only once Aplicar is pressed.
 */
export function SyncDialog({
  changes,
  saving,
  onClose,
  onApply,
}: {
  changes: SyncChange[];
  saving: boolean;
  onClose: () => void;
  onApply: (productIds: number[]) => void;
}) {
  const [chosen, setChosen] = useState(() => new Set(changes.map((change) => change.product_id)));
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="sync-title">
      <DialogTitle id="sync-title">Sincronizar com o OPDV</DialogTitle>
      <DialogContent>
        {changes.length === 0 ? (
          <Alert severity="success">Os produtos vinculados já estão iguais aos do OPDV.</Alert>
        ) : (
          <>
            <DialogContentText sx={{ mb: 1 }}>
              Estes produtos mudaram no OPDV. Escolha o que atualizar no cardápio:
            </DialogContentText>
            <Box component="ul" aria-label="Alterações do OPDV" sx={{ p: 0, m: 0 }}>
              {changes.map((change) => {
                const id = `sync-${change.product_id}`;
                return (
                  <Stack
                    component="li"
                    key={change.product_id}
                    direction="row"
                    sx={{
                      listStyle: 'none',
                      alignItems: 'flex-start',
                      gap: 1,
                      py: 1,
                      borderTop: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Checkbox
                      id={id}
                      checked={chosen.has(change.product_id)}
                      onChange={() => toggle(change.product_id)}
                      disabled={saving}
                      sx={{ width: 44, height: 44 }}
                    />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="label" htmlFor={id} sx={{ fontWeight: 600, display: 'block' }}>
                        {change.name}
                      </Typography>
                      <Change label="Nome" from={change.name} to={change.new_name} />
                      <Change
                        label="Preço"
                        from={formatCents(change.price)}
                        to={formatCents(change.new_price)}
                      />
                    </Box>
                  </Stack>
                );
              })}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving} sx={{ minHeight: 44 }}>
          {changes.length === 0 ? 'Fechar' : 'Cancelar'}
        </Button>
        {changes.length > 0 ? (
          <Button
            variant="contained"
            disabled={chosen.size === 0 || saving}
            startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SyncIcon />}
            onClick={() => onApply([...chosen])}
            sx={{ minHeight: 44 }}
          >
            Aplicar
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
