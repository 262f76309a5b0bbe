import { Link } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import { DataTable, List, SearchInput, TopToolbar, useRecordContext } from 'react-admin';
import { formatDate } from '../../lib/format';
import { RecordToggle } from '../engine';
import {
  KITCHEN_ACTIVATED,
  KITCHEN_DEACTIVATED,
  KITCHEN_OFF,
  KITCHEN_ON,
  kitchenFields,
  kitchens as definition,
  type Kitchen,
} from './definition';

export const NEW_KITCHEN_LABEL = 'NOVA COZINHA';
/** The staff menu has no Cozinhas entry (spec 1): the way in and out is the products screen. */
export const BACK_TO_PRODUCTS_LABEL = 'PRODUTOS';

const fields = kitchenFields;

function NewKitchenButton() {
  return (
    <Button component={Link} to="/kitchens/create" variant="contained" startIcon={<AddIcon />}>
      {NEW_KITCHEN_LABEL}
    </Button>
  );
}

function BackToProducts() {
  return (
    <Button component={Link} to="/products" variant="outlined" startIcon={<ArrowBackIcon />}>
      {BACK_TO_PRODUCTS_LABEL}
    </Button>
  );
}

function ListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', flexShrink: 0, justifyContent: 'flex-end', gap: 1 }}>
      <BackToProducts />
      <NewKitchenButton />
    </TopToolbar>
  );
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
        <NewKitchenButton />
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
        label={fields.available.label}
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

const noWrap = () => ({ whiteSpace: 'nowrap' }) as const;

/**
 * /kitchens (restaurant spec 2 "Kitchens"): the store's kitchens by name, each with its available
 * switch that saves at once, how many products it receives and when it was created. A row opens
 * the kitchen; NOVA COZINHA adds one.
 */
export function KitchenList() {
  return (
    <List
      resource={definition.name}
      title={definition.label.many}
      perPage={definition.list.perPage}
      sort={definition.list.sort}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Buscar cozinha" />]}
      actions={<ListActions />}
      empty={<NoKitchens />}
      exporter={false}
    >
      <DataTable<Kitchen> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" label={fields.name.label} />
        <DataTable.NumberCol
          source="n_products"
          label={fields.n_products.label}
          disableSort
          cellSx={noWrap}
        />
        <DataTable.Col
          source="created_at"
          label={fields.created_at.label}
          cellSx={noWrap}
          render={(record) => formatDate(record.created_at)}
        />
        <DataTable.Col source="available" label={fields.available.label}>
          <AvailableCell />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
