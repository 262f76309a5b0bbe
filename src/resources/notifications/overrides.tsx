import { Box, Button, Chip, IconButton, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  AutocompleteInput,
  Form,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useListContext,
  type RaRecord,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { formatDateTime } from '../../../contract/lib/format';
import {
  agesLabel,
  genderFilters,
  gendersLabel,
  notificationCreateInput,
  RESTAURANT_PICKER_PAGE,
  statusLabel,
} from '../../../contract/resources/notifications/definition';
import { defineScreens } from '../../engine/overrides';
import { AgesInput, GendersInput, StoresInput } from './inputs';

export const APPLY_LABEL = 'Aplicar';

/** The filters take effect on Aplicar (spec 2.10), not while typing. */
function FilterBar() {
  const { filterValues, setFilters } = useListContext();
  const apply = (values: FieldValues) => {
    const filters = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    );
    setFilters(filters, {}, false);
  };
  return (
    <Form defaultValues={filterValues} onSubmit={apply}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: '1fr',
            sm: '1fr 1fr',
            lg: 'minmax(200px, 2fr) minmax(220px, 2fr) minmax(150px, 1fr) auto',
          },
          gap: 2,
          alignItems: 'center',
          p: 2,
        }}
      >
        <TextInput source="q" label="Buscar" helperText={false} />
        <ReferenceInput
          source="store_id"
          reference="restaurants"
          perPage={RESTAURANT_PICKER_PAGE}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteInput
            label="Restaurante"
            optionText={(record: RaRecord) => String(record.name ?? '')}
            noOptionsText="Nenhum restaurante encontrado"
            helperText={false}
          />
        </ReferenceInput>
        <SelectInput
          source="gender"
          label="Gênero"
          choices={[...genderFilters]}
          emptyText="Todos"
          helperText={false}
        />
        <Button type="submit" variant="contained" sx={{ justifySelf: 'start' }}>
          {APPLY_LABEL}
        </Button>
      </Box>
    </Form>
  );
}

/** The API answers a plain list (spec 7) without a total: a full page means there may be another. */
function PageButtons() {
  const { page, perPage, data, setPage, isPending } = useListContext();
  const count = data?.length ?? 0;
  if (isPending || (page === 1 && count < perPage)) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, p: 1 }}>
      <Typography variant="body2">Página {page}</Typography>
      <IconButton aria-label="Página anterior" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      <IconButton aria-label="Próxima página" disabled={count < perPage} onClick={() => setPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}

const detailPath = (id: RaRecord['id']) => `/notifications/${id}`;

function SendToolbar() {
  return (
    <Toolbar>
      <SaveButton label="Enviar notificação" alwaysEnable />
    </Toolbar>
  );
}

/**
 * Notificações (spec 2.10): the notifications sent, newest first, filtered on Aplicar by text,
 * restaurant and gender; a row opens the read-only detail (a notification is never edited). The
 * create form (/notifications/create, the spec's /notifications/new) says who receives it; the
 * server resolves them on save.
 */
export default defineScreens({
  list: {
    filterBar: <FilterBar />,
    pagination: <PageButtons />,
    // Filters are not remembered once the list is left.
    storeKey: false,
    // With nothing sent yet, the filters and the create button stay.
    empty: false,
    rowClick: (id) => detailPath(id),
    cells: {
      body: (record) => (
        <Box
          component="span"
          sx={{
            display: 'block',
            maxWidth: 320,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {String(record.body ?? '')}
        </Box>
      ),
      status: (record) => (
        <Chip
          label={statusLabel(String(record.status))}
          size="small"
          color={record.status === 'CANCELLED' ? 'default' : 'success'}
        />
      ),
    },
    compact: {
      primary: (record) => String(record.title ?? ''),
      secondary: (record) =>
        [
          gendersLabel(record.genders as readonly string[]),
          agesLabel(record.min_age as number | null, record.max_age as number | null),
          `${Number(record.total_sent).toLocaleString('pt-BR')} enviadas`,
        ].join(' · '),
      tertiary: (record) =>
        `${formatDateTime(record.created_at as string)} · ${statusLabel(String(record.status))}`,
    },
  },
  form: {
    actions: false,
    // The spec's labels, bare: what is missing is said on Enviar.
    marked: false,
    // The ages' order too, under Idade mínima.
    schema: notificationCreateInput,
    defaultValues: { genders: [], stores: [], min_age: null, max_age: null },
    sections: [{ fields: ['title', 'body', 'genders', 'stores', 'ages'] }],
    inputs: { genders: <GendersInput />, stores: <StoresInput />, ages: <AgesInput /> },
    toolbar: <SendToolbar />,
  },
});
