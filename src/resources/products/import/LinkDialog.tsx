import { useState } from 'react';
import {
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import type { OpdvItem } from '../../../../contract/resources/integrations/definition';

export interface LinkableProduct {
  id: number;
  name: string;
  category: string;
}

/**
 * Vincular: the OPDV item becomes the point-of-sale side of an existing product of the store (its
 * name, price and origin stay until a Sincronizar says otherwise), chosen by typing its name.
 */
export function LinkDialog({
  item,
  products,
  saving,
  onClose,
  onLink,
}: {
  item: OpdvItem;
  products: LinkableProduct[];
  saving: boolean;
  onClose: () => void;
  onLink: (product: LinkableProduct) => void;
}) {
  const [product, setProduct] = useState<LinkableProduct | null>(null);
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="link-title">
      <DialogTitle id="link-title">Vincular {item.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Escolha o produto do cardápio que corresponde a este item do OPDV.
        </DialogContentText>
        <Autocomplete
          options={products}
          value={product}
          onChange={(_, next) => setProduct(next)}
          groupBy={(option) => option.category}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          noOptionsText="Nenhum produto encontrado"
          slotProps={{ listbox: { sx: { '& .MuiAutocomplete-option': { minHeight: 48 } } } }}
          renderInput={(params) => <TextField {...params} label="Produto do cardápio" autoFocus />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving} sx={{ minHeight: 44 }}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          disabled={product === null || saving}
          startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <AddLinkIcon />}
          onClick={() => product && onLink(product)}
          sx={{ minHeight: 44 }}
        >
          Vincular
        </Button>
      </DialogActions>
    </Dialog>
  );
}
