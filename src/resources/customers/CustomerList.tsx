import { Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { ExportButton } from '../../components/ExportButton';
import { PictureAvatar } from '../../components/PictureAvatar';
import { formatDate, maskCpf } from '../../../contract/lib/format';
import {
  customers as definition,
  feedhunterChoices,
  genderChoices,
  type Customer,
} from '../../../contract/resources/customers/definition';
import { genderLabel, yesNo } from '../../../contract/resources/customers/labels';

const detailsPath = (id: RaRecord['id']) => `/customers/list/details/${id}`;

// The list's search is debounced by react-admin's filter form before it asks the server.
const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Buscar por nome, username, e-mail ou CPF"
    sx={{ minWidth: { sm: 320 } }}
  />,
  <SelectInput
    key="gender"
    source="gender"
    label="Gênero"
    alwaysOn
    choices={[...genderChoices]}
    emptyText="Todos"
    sx={{ minWidth: 160 }}
  />,
  <SelectInput
    key="feedhunter"
    source="feedhunter"
    label="FeedHunter"
    alwaysOn
    choices={[...feedhunterChoices]}
    emptyText="Todos"
    sx={{ minWidth: 160 }}
  />,
];

function NameCell({ record }: { record: Customer }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <PictureAvatar src={record.profile_picture} name={record.fullname} size={32} />
      <span>{record.fullname}</span>
    </Stack>
  );
}

/** /customers/list (spec 2.9): the app's users, searched, filtered and paged on the server, 200 a page. */
export function CustomerList() {
  // A tablet in portrait, with the side menu open, has no room for seven columns.
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      resource={definition.name}
      title={definition.label.many}
      perPage={definition.list.perPage}
      sort={definition.list.sort}
      filters={filters}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={[]} />}
      exporter={false}
    >
      {small ? (
        <SimpleList<Customer>
          leftAvatar={(record) => (
            <PictureAvatar src={record.profile_picture} name={record.fullname} />
          )}
          primaryText={(record) => record.fullname}
          secondaryText={(record) => [record.username, record.email].join(' · ')}
          tertiaryText={(record) => (record.feedhunter ? 'FeedHunter' : '')}
          rowClick={(id) => detailsPath(id)}
        />
      ) : (
        <DataTable<Customer> rowClick={(id) => detailsPath(id)} bulkActionButtons={false}>
          <DataTable.Col
            source="fullname"
            label="Nome"
            render={(record) => <NameCell record={record as Customer} />}
          />
          <DataTable.Col source="username" label="Username" />
          <DataTable.Col source="email" label="E-mail" />
          <DataTable.Col
            source="cpf"
            label="CPF"
            disableSort
            sx={{ whiteSpace: 'nowrap' }}
            render={(record) => maskCpf(record.cpf)}
          />
          <DataTable.Col
            source="gender"
            label="Gênero"
            disableSort
            render={(record) => genderLabel(record.gender)}
          />
          <DataTable.Col
            source="feedhunter"
            label="FeedHunter"
            disableSort
            render={(record) => yesNo(record.feedhunter)}
          />
          <DataTable.Col
            source="created_at"
            label="Criado em"
            sx={{ whiteSpace: 'nowrap' }}
            render={(record) => formatDate(record.created_at)}
          />
        </DataTable>
      )}
    </List>
  );
}
