import { Link } from 'react-router-dom';
import { Box, Button, Chip, IconButton, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  AutocompleteInput,
  DataTable,
  Form,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  type RaRecord,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { ExportButton } from '../../components/ExportButton';
import { formatDateTime } from '../../../contract/lib/format';
import {
  agesLabel,
  genderFilters,
  gendersLabel,
  notifications as definition,
  RESTAURANT_PICKER_PAGE,
  statusLabel,
  type PushNotification,
} from '../../../contract/resources/notifications/definition';

export const CREATE_LABEL = 'NOVA NOTIFICAÇÃO';
export const APPLY_LABEL = 'Aplicar';

const detailPath = (id: RaRecord['id']) => `/notifications/${id}`;

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

function ListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
      <ExportButton />
      <Button component={Link} to="/notifications/create" variant="contained" startIcon={<AddIcon />}>
        {CREATE_LABEL}
      </Button>
    </TopToolbar>
  );
}

/**
 * The API answers a plain list (spec 7) without a total: a full page means there may be another.
 */
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

function StatusChip({ status }: { status: string }) {
  return (
    <Chip label={statusLabel(status)} size="small" color={status === 'CANCELLED' ? 'default' : 'success'} />
  );
}

/** /notifications: the notifications sent, newest first (spec 2.10). */
export function NotificationList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      resource={definition.name}
      title={definition.label.many}
      perPage={definition.list.perPage}
      sort={definition.list.sort}
      actions={<ListActions />}
      pagination={<PageButtons />}
      exporter={false}
      storeKey={false}
      empty={false}
    >
      <FilterBar />
      {small ? (
        <SimpleList<PushNotification>
          primaryText={(record) => record.title}
          secondaryText={(record) =>
            [
              gendersLabel(record.genders),
              agesLabel(record.min_age, record.max_age),
              `${record.total_sent.toLocaleString('pt-BR')} enviadas`,
            ].join(' · ')
          }
          tertiaryText={(record) => `${formatDateTime(record.created_at)} · ${statusLabel(record.status)}`}
          linkType={false}
          rowClick={(id) => detailPath(id)}
        />
      ) : (
        <DataTable<PushNotification> rowClick={(id) => detailPath(id)} bulkActionButtons={false}>
          <DataTable.Col source="title" label="Título" />
          <DataTable.Col
            source="body"
            label="Descrição"
            disableSort
            sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          />
          <DataTable.Col
            source="genders"
            label="Gênero"
            disableSort
            render={(record) => gendersLabel(record.genders)}
          />
          <DataTable.Col
            source="min_age"
            label="Idade"
            disableSort
            sx={{ whiteSpace: 'nowrap' }}
            render={(record) => agesLabel(record.min_age, record.max_age)}
          />
          <DataTable.Col
            source="total_sent"
            label="Enviadas"
            align="right"
            render={(record) => record.total_sent.toLocaleString('pt-BR')}
          />
          <DataTable.Col
            source="created_at"
            label="Enviada em"
            sx={{ whiteSpace: 'nowrap' }}
            render={(record) => formatDateTime(record.created_at)}
          />
          <DataTable.Col
            source="status"
            label="Status"
            disableSort
            render={(record) => <StatusChip status={record.status} />}
          />
        </DataTable>
      )}
    </List>
  );
}
