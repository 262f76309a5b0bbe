import { useState } from 'react';
import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import {
  Confirm,
  ReferenceInput,
  SelectInput,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { GeneratedList } from '../../engine/GeneratedList';
import { defineScreens } from '../../engine/overrides';
import { formatDate } from '../../../contract/lib/format';
import type { ResourceDefinition } from '../../../contract/define';
import {
  restaurantFields as fields,
  restaurants,
  storeStatuses,
  type StoreRow,
} from '../../../contract/resources/restaurants/definition';
import { restaurantPath } from './paths';

/** The statuses of a restaurant not active yet: "Todos" is both. */
const NOT_ACTIVE = 'INACTIVE,CLOSED';
/** The operation city, as the approvals name it (the detail says "Cidade de Operação"). */
const CITY = 'Cidade';

/**
 * The restaurants as the approvals list them: the name, the cuisine, the city of operation, the
 * status and the registration date, newest first, 200 a page.
 */
const pending: ResourceDefinition = {
  ...restaurants,
  fields: {
    name: fields.name,
    cousine_id: { ...fields.cousine_id, list: true },
    operation_id: { ...fields.operation_id, list: true },
    status: fields.status,
    created_at: { ...fields.created_at, list: true },
  },
  list: { ...restaurants.list, perPage: 200, sort: { field: 'created_at', order: 'DESC' } },
  screens: { ...restaurants.screens, titles: { list: 'Aprovação de restaurantes' } },
};

const cuisineOf = (store: RaRecord) => (store.cousine as string | null) ?? '—';
const cityOf = (store: RaRecord) => (store.operation as string | null) ?? '—';

/**
 * The logo and the name; on a tablet beside the menu the registration date, the cuisine and the
 * city under it (their columns are a desk's, so that Aprovar fits).
 */
function nameCell(store: RaRecord) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar
        src={store.logo_black ?? undefined}
        alt=""
        sx={{ bgcolor: 'common.white', width: 32, height: 32 }}
      />
      <Box>
        <span>{store.name}</span>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', lg: 'none' } }}>
          Cadastro {formatDate(store.created_at)} · {cuisineOf(store)} · {cityOf(store)}
        </Typography>
      </Box>
    </Stack>
  );
}

/** Aprovar: asked first in the restaurant's name, then PATCH …/approve, and the list read again. */
function ApproveButton() {
  const store = useRecordContext<StoreRow>();
  const { refetch } = useListContext();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [approving, setApproving] = useState(false);
  if (!store) return null;

  const approve = async () => {
    setApproving(true);
    try {
      await dataProvider.action(restaurants.name, { id: store.id, action: 'approve' });
      notify(`Restaurante ${store.name} aprovado com sucesso!`, { type: 'success' });
      await refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setApproving(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        variant="contained"
        startIcon={<CheckCircleIcon />}
        disabled={approving}
        onClick={() => setAsking(true)}
        aria-label={`Aprovar ${store.name}`}
        sx={{ minHeight: 44 }}
      >
        Aprovar
      </Button>
      <Confirm
        isOpen={asking}
        title={`Aprovar o restaurante ${store.name}?`}
        content="O restaurante fica ativo e passa a aparecer para os clientes no app."
        confirm="Aprovar"
        cancel="Cancelar"
        ConfirmIcon={CheckCircleIcon}
        CancelIcon={CloseIcon}
        loading={approving}
        onConfirm={() => void approve()}
        onClose={() => setAsking(false)}
        sx={{ '& .MuiDialogActions-root': { px: 3, pb: 2, gap: 1 }, '& .MuiButton-root': { minHeight: 48 } }}
      />
    </>
  );
}

/** A cuisine or a city of the platform, "Todas" until one is chosen. */
const referenceFilter = (source: 'cousine_id' | 'operation_id', reference: string, label: string) => (
  <ReferenceInput
    key={source}
    source={source}
    reference={reference}
    perPage={500}
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput label={label} optionText="name" emptyText="Todas" sx={{ minWidth: 200 }} />
  </ReferenceInput>
);

const approvalScreens = defineScreens({
  list: {
    storeKey: 'restaurants.approvals',
    searchLabel: 'Buscar pelo nome',
    create: false,
    exportButton: false,
    filterDefaults: { status: NOT_ACTIVE },
    filters: [
      referenceFilter('cousine_id', 'cousines', fields.cousine_id.label),
      referenceFilter('operation_id', 'operations', CITY),
      <SelectInput
        key="status"
        source="status"
        label={fields.status.label}
        choices={storeStatuses.filter((status) => status.id !== 'OK')}
        emptyText="Todos"
        emptyValue={NOT_ACTIVE}
        alwaysOn
        sx={{ minWidth: 200 }}
      />,
    ],
    cells: {
      name: nameCell,
      cousine_id: cuisineOf,
      operation_id: cityOf,
    },
    headers: { name: 'Restaurante', operation_id: CITY, created_at: 'Cadastro' },
    wide: ['cousine_id', 'operation_id', 'created_at'],
    rowActions: <ApproveButton />,
    rowClick: (id) => restaurantPath(id),
    empty: false,
    noRows: 'Nenhum restaurante aguardando aprovação.',
  },
});

/**
 * /restaurants/approvals: the restaurants not active yet, filtered by name, cuisine, city and
 * status; Aprovar activates one, once confirmed in the restaurant's name. The engine's list of the
 * restaurants, with its own columns, order, page size and remembered filters.
 */
export function RestaurantApprovals() {
  return <GeneratedList definition={pending} overrides={approvalScreens} />;
}
