import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import GroupsIcon from '@mui/icons-material/Groups';
import {
  DataTable,
  List,
  Pagination,
  SearchInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useListContext,
} from 'react-admin';
import { ExportButton } from '../../components/ExportButton';
import { formatDate, maskPhone } from '../../lib/format';
import { admins, type Member } from '../admins/definition';
import { settingsPaths } from '../settings/paths';
import {
  ChooseStoreNotice,
  ChosenStorePicker,
  useChosenStore,
  type ChosenStore,
} from '../../components/chosenStore';
import { memberPath, teamPaths } from './paths';
import { INCLUDE_COLLABORATOR, roleName, TEAM_PAGE_SIZE } from './team';

/** A fingertip's size, for a tablet's buttons. */
const TOUCH = 44;

const stop = (event: MouseEvent) => event.stopPropagation();

function IncludeButton() {
  return (
    <Button
      component={RouterLink}
      to={teamPaths.create}
      variant="contained"
      startIcon={<GroupAddIcon />}
      sx={{ minHeight: TOUCH }}
    >
      {INCLUDE_COLLABORATOR}
    </Button>
  );
}

/** Staff came from the settings' VER EQUIPE: the way back. */
function BackToSettings({ store }: { store: ChosenStore }) {
  return store.admin ? null : (
    <Button
      component={RouterLink}
      to={settingsPaths.settings}
      variant="outlined"
      startIcon={<ArrowBackIcon />}
      sx={{ minHeight: TOUCH }}
    >
      Configurações
    </Button>
  );
}

function TeamActions({ canInclude }: { canInclude: boolean }) {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', flexShrink: 0, justifyContent: 'flex-end', gap: 1 }}>
      <ExportButton />
      {canInclude ? <IncludeButton /> : null}
    </TopToolbar>
  );
}

/** A store with nobody on its team (an administrator's new restaurant): the button for the first one. */
function NoMembers({ canInclude }: { canInclude: boolean }) {
  const { filterValues } = useListContext();
  return (
    <Stack
      sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480, gap: 2 }}
    >
      <GroupsIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6" component="p">
        {filterValues.q ? 'Ninguém da equipe encontrado' : 'Nenhum colaborador na equipe'}
      </Typography>
      {canInclude ? <IncludeButton /> : null}
    </Stack>
  );
}

/** The member's name, a link to the member: the row is reached and opened from the keyboard too. */
function NameLink({ member }: { member: Member }) {
  return (
    <Link component={RouterLink} to={memberPath(member.id)} onClick={stop} underline="hover" color="inherit">
      {member.fullname}
    </Link>
  );
}

function Members({ store, canInclude }: { store: ChosenStore; canInclude: boolean }) {
  // A tablet beside the menu: one line per member instead of five columns.
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  return (
    <List
      resource={admins.name}
      // Its own page, search and order: not those of the administrators' list (/admins).
      storeKey="team.listParams"
      disableSyncWithLocation
      title="Equipe"
      filter={store.storeId === null ? {} : { store_id: store.storeId }}
      perPage={TEAM_PAGE_SIZE}
      sort={admins.list.sort}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Buscar por nome ou e-mail" />]}
      actions={<TeamActions canInclude={canInclude} />}
      empty={<NoMembers canInclude={canInclude} />}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      exporter={false}
    >
      {narrow ? (
        <SimpleList<Member>
          rowClick={(id) => memberPath(id)}
          primaryText={(member) => member.fullname}
          secondaryText={(member) => [member.email, maskPhone(member.phone)].filter(Boolean).join(' · ')}
          tertiaryText={(member) => roleName(member.role)}
        />
      ) : (
        <DataTable<Member> rowClick={(id) => memberPath(id)} bulkActionButtons={false}>
          <DataTable.Col
            source="fullname"
            label="Nome"
            render={(member) => <NameLink member={member as Member} />}
          />
          <DataTable.Col source="email" label="E-mail" />
          <DataTable.Col
            source="phone"
            label="Telefone"
            disableSort
            cellSx={() => ({ whiteSpace: 'nowrap' })}
            render={(member) => maskPhone(member.phone)}
          />
          <DataTable.Col
            source="role"
            label="Função"
            disableSort
            render={(member) => roleName(member.role)}
          />
          <DataTable.Col
            source="created_at"
            label="Criado em"
            cellSx={() => ({ whiteSpace: 'nowrap' })}
            render={(member) => formatDate(member.created_at)}
          />
        </DataTable>
      )}
    </List>
  );
}

/**
 * Equipe (restaurant spec 2 "Team", /settings/teams): the store's team, 8 a page, searchable;
 * a member opens their screen (edit, remove). INCLUIR COLABORADOR for who may change the team:
 * the store's managers, and administrators, who first choose the restaurant.
 */
export function TeamList() {
  const store = useChosenStore();
  const { canAccess: canInclude = false } = useCanAccess({ resource: admins.name, action: 'create' });
  return (
    <Box sx={{ pt: 2 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <BackToSettings store={store} />
        <ChosenStorePicker store={store} />
      </Stack>
      <ChooseStoreNotice store={store} message="Escolha o restaurante para ver a equipe." />
      {store.waiting ? null : (
        // Another restaurant chosen starts from its first page.
        <Members key={store.storeId ?? 'own'} store={store} canInclude={canInclude} />
      )}
    </Box>
  );
}
