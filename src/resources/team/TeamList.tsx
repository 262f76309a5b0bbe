import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GroupsIcon from '@mui/icons-material/Groups';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import { useCanAccess, useListContext, type RaRecord } from 'react-admin';
import { useChosenStore } from '../../components/chosenStore';
import { maskPhone } from '../../../contract/lib/format';
import { admins, teamRoles, type Member } from '../../../contract/resources/admins/definition';
import type { ResourceDefinition } from '../../../contract/define';
import { GeneratedList } from '../../engine/GeneratedList';
import { CreateLink } from '../../engine/parts';
import type { ScreenOverrides } from '../../engine/overrides';
import { settingsPaths } from '../settings/paths';
import { memberPath, teamPaths } from './paths';
import { INCLUDE_COLLABORATOR, roleName, TEAM_PAGE_SIZE } from './team';

/** A fingertip's size, for a tablet's buttons. */
const TOUCH = 44;

/**
 * The team is the `admins` resource seen by one store: its calls are the administrators', its
 * list shows what a store needs of its people (the role, 8 a page: restaurant spec 2 and 9).
 */
const team: ResourceDefinition = {
  ...admins,
  fields: {
    fullname: admins.fields.fullname!,
    email: admins.fields.email!,
    phone: admins.fields.phone!,
    role: { label: 'Função', kind: 'select', choices: teamRoles, list: true, filter: false },
    created_at: admins.fields.created_at!,
  },
  list: { ...admins.list, perPage: TEAM_PAGE_SIZE },
  screens: { titles: { list: 'Equipe' }, searchPlaceholder: 'Buscar por nome ou e-mail' },
};

const include = { label: INCLUDE_COLLABORATOR, path: teamPaths.create };

const stop = (event: MouseEvent) => event.stopPropagation();

/** Staff came from the settings' VER EQUIPE: the way back (an administrator came from the menu). */
function BackToSettings() {
  const store = useChosenStore();
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

/** What each role may do: for those who manage the team (the managers change it). */
function PermissionsLink() {
  const { canAccess = false } = useCanAccess({ resource: admins.name, action: 'create' });
  return canAccess ? (
    <Button
      component={RouterLink}
      to={teamPaths.permissions}
      variant="outlined"
      startIcon={<LockPersonIcon />}
      sx={{ minHeight: TOUCH }}
    >
      PERMISSÕES
    </Button>
  ) : null;
}

/** Nobody found, or nobody on the team yet (an administrator's new restaurant): the way to the first. */
function NoMembers() {
  const { filterValues } = useListContext();
  const { canAccess: canInclude = false } = useCanAccess({ resource: admins.name, action: 'create' });
  return (
    <Stack
      sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480, gap: 2 }}
    >
      <GroupsIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6" component="p">
        {filterValues.q ? 'Ninguém da equipe encontrado' : 'Nenhum colaborador na equipe'}
      </Typography>
      {canInclude ? <CreateLink definition={team} create={include} /> : null}
    </Stack>
  );
}

/** The member's name, a link to the member: the row is reached and opened from the keyboard too. */
function nameLink(member: RaRecord) {
  return (
    <Link component={RouterLink} to={memberPath(member.id)} onClick={stop} underline="hover" color="inherit">
      {(member as Member).fullname}
    </Link>
  );
}

const screen: ScreenOverrides = {
  list: {
    store: { notice: 'Escolha o restaurante para ver a equipe.' },
    // Its own page, search and order: not those of the administrators' list (/admins).
    storeKey: 'team.listParams',
    cells: { fullname: nameLink },
    rowClick: (id) => memberPath(id),
    actions: (
      <>
        <BackToSettings />
        <PermissionsLink />
      </>
    ),
    create: include,
    empty: <NoMembers />,
    noRows: <NoMembers />,
    // A tablet beside the menu: one line per member instead of five columns.
    compact: {
      primary: (member) => (member as Member).fullname,
      secondary: (member) => [member.email, maskPhone(member.phone)].filter(Boolean).join(' · '),
      tertiary: (member) => roleName(member.role as string),
    },
  },
};

/**
 * Equipe (restaurant spec 2 "Team", /settings/teams): the store's team, 8 a page, searchable;
 * a member opens their screen (edit, remove). INCLUIR COLABORADOR for who may change the team:
 * the store's managers, and administrators, who first choose the restaurant.
 */
export function TeamList() {
  return <GeneratedList definition={team} overrides={screen} />;
}
