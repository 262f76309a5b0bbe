import { useWatch } from 'react-hook-form';
import { Box, Stack, Typography } from '@mui/material';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import { BooleanInput, SelectInput, useRecordContext } from 'react-admin';
import { RecordToggle } from '../../components/RecordToggle';
import { CreateLink, ToolbarLink } from '../../engine/parts';
import { defineScreens } from '../../engine/overrides';
import {
  KITCHEN_ACTIVATED,
  KITCHEN_DEACTIVATED,
  KITCHEN_OFF,
  KITCHEN_ON,
  PAPER_CHOICES,
  kitchens,
  type Kitchen,
} from '../../../contract/resources/kitchens/definition';

/** The staff menu has no Cozinhas entry (spec 1): the way in and out is the products screen. */
export const BACK_TO_PRODUCTS_LABEL = 'PRODUTOS';

function BackToProducts() {
  return <ToolbarLink to="/products" label={BACK_TO_PRODUCTS_LABEL} back />;
}

/** A store with no kitchen yet: what kitchens are for, and the button to add the first. */
function NoKitchens() {
  return (
    <Stack
      alignItems="center"
      spacing={2}
      sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480 }}
    >
      <SoupKitchenIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6">Nenhuma cozinha cadastrada</Typography>
      <Typography variant="body2" color="text.secondary">
        Cadastre as cozinhas do restaurante (cozinha quente, bar, confeitaria…) para encaminhar a cada uma os
        pedidos dos seus produtos.
      </Typography>
      <Stack direction="row" spacing={1} flexWrap="wrap" justifyContent="center" useFlexGap>
        <BackToProducts />
        <CreateLink definition={kitchens} />
      </Stack>
    </Stack>
  );
}

/**
 * The row's available switch with its state written beside it (Ativo/Inativo). The whole cell
 * only switches: a click on it never opens the kitchen.
 */
function AvailableCell() {
  const record = useRecordContext<Kitchen>();
  if (!record) return null;
  return (
    <Box
      component="span"
      onClick={(event) => event.stopPropagation()}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', cursor: 'default' }}
    >
      <RecordToggle
        source="available"
        label={kitchens.fields.available!.label}
        notices={{ on: KITCHEN_ACTIVATED, off: KITCHEN_DEACTIVATED }}
      />
      <Typography
        component="span"
        variant="body2"
        color={record.available ? 'text.primary' : 'text.secondary'}
        aria-hidden
      >
        {record.available ? KITCHEN_ON : KITCHEN_OFF}
      </Typography>
    </Box>
  );
}

/** The available switch of the form, labelled with its state as the spec names them (Ativo/Inativo). */
function AvailableInput() {
  const available = useWatch({ name: 'available' }) as boolean | undefined;
  return <BooleanInput source="available" label={available ? KITCHEN_ON : KITCHEN_OFF} helperText={false} />;
}

/** What removing the kitchen does to the products routed to it (they stay, without a kitchen). */
export function removalWarning(products: number | undefined): string {
  const routed = !products
    ? ''
    : products === 1
      ? 'O produto encaminhado a ela ficará sem cozinha. '
      : `Os ${products} produtos encaminhados a ela ficarão sem cozinha. `;
  return `${routed}Esta ação não pode ser desfeita.`;
}

/**
 * Cozinhas (restaurant spec 2 "Kitchens"): the generated list and form, with the available switch
 * that saves at once from its row, the way back to the products, an empty state that explains
 * kitchens, and a removal warning that counts the products routed to the kitchen.
 */
export default defineScreens({
  list: {
    cells: { available: <AvailableCell /> },
    actions: <BackToProducts />,
    empty: <NoKitchens />,
  },
  form: {
    inputs: {
      available: <AvailableInput />,
      paper_width: (
        <SelectInput
          source="paper_width"
          label={kitchens.fields.paper_width!.label}
          choices={PAPER_CHOICES}
          helperText={false}
        />
      ),
    },
    sections: [
      { fields: ['name', 'available'] },
      // The station's receipt printer: its kitchen tickets print there (server/printing).
      { title: 'Impressora', fields: ['printer', 'printer_fallback', ['paper_width', 'auto_print']] },
    ],
    // On by default, as the server creates it.
    defaultValues: { available: true, paper_width: 80, auto_print: false },
    maxWidth: 560,
    deleteConfirm: (record) => ({
      title: `Remover a cozinha ${String(record.name)}?`,
      content: removalWarning(record.n_products as number | undefined),
    }),
  },
});
