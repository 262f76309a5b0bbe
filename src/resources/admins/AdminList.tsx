import { Link } from 'react-router-dom';
import { Button, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { DataTable, List, Pagination, SearchInput, SimpleList, TopToolbar } from 'react-admin';
import { ExportButton } from '../../components/ExportButton';
import { formatDate, maskPhone } from '../../../contract/lib/format';
import { admins as definition, type Member } from '../../../contract/resources/admins/definition';

export const ADD_ADMIN_LABEL = 'ADICIONAR ADMINISTRADOR';
export const INCLUDE_COLLABORATOR_LABEL = 'INCLUIR COLABORADOR';

/**
 * The list's buttons are plain links: react-admin's CreateButton turns into an unlabelled round
 * button below 900 px, and the spec's label must stay readable on a tablet.
 */
function ListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
      <ExportButton />
      <Button
        component={Link}
        to="/admins/include-collaborator"
        variant="outlined"
        startIcon={<GroupAddIcon />}
      >
        {INCLUDE_COLLABORATOR_LABEL}
      </Button>
      <Button component={Link} to="/admins/create" variant="contained" startIcon={<AddIcon />}>
        {ADD_ADMIN_LABEL}
      </Button>
    </TopToolbar>
  );
}

/** /admins, "Permissões" (spec 2.11): the administrators, searchable, 50 a page. */
export function AdminList() {
  // With the side menu open, a tablet in portrait has no room for the four columns.
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      resource={definition.name}
      title={definition.label.many}
      perPage={definition.list.perPage}
      sort={definition.list.sort}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Buscar por nome ou e-mail" />]}
      actions={<ListActions />}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      exporter={false}
    >
      {small ? (
        <SimpleList<Member>
          primaryText={(record) => record.fullname}
          secondaryText={(record) => [record.email, maskPhone(record.phone)].filter(Boolean).join(' · ')}
          tertiaryText={(record) => formatDate(record.created_at)}
          linkType="edit"
        />
      ) : (
        <DataTable<Member> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="fullname" label="Nome" />
          <DataTable.Col source="email" label="E-mail" />
          <DataTable.Col
            source="phone"
            label="Telefone"
            disableSort
            sx={{ whiteSpace: 'nowrap' }}
            render={(record) => maskPhone(record.phone)}
          />
          <DataTable.Col
            source="created_at"
            label="Criado em"
            render={(record) => formatDate(record.created_at)}
          />
        </DataTable>
      )}
    </List>
  );
}
