import { useMemo, type MouseEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import {
  Loading,
  PasswordInput,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  Toolbar,
  useCanAccess,
  useListContext,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { PhoneInput } from '../../components/MaskedInputs';
import { useChosenStore } from '../../components/chosenStore';
import { useApi } from '../../dataProvider/useApi';
import { maskPhone } from '../../../contract/lib/format';
import {
  admins,
  collaboratorCreateForm,
  collaboratorEditForm,
  DUPLICATE_EMAIL,
  OLD_PASSWORD_NEEDED,
  TEAM_PAGE_SIZE,
  teamRoles,
  WRONG_OLD_PASSWORD,
  type Member,
} from '../../../contract/resources/admins/definition';
import { choiceLabel, type ResourceDefinition } from '../../../contract/define';
import { GeneratedCreate, GeneratedEdit } from '../../engine/GeneratedForm';
import { GeneratedList } from '../../engine/GeneratedList';
import { CreateLink, ToolbarLink } from '../../engine/parts';
import { defineScreens, type FormModeOverrides, type ScreenOverrides } from '../../engine/overrides';
import { RecordHistory } from '../audit/RecordHistory';
import { editPayload, keepSession } from '../admins/overrides';
import { SectionHeading } from '../admins/inputs';
import { settingsPaths } from '../settings/paths';
import { memberPath, teamPaths } from './paths';

const MANAGERS_ONLY = 'Somente os gerentes do restaurante alteram a equipe.';

/**
 * A store's team is the `admins` resource seen by one store (server/routes/admins.ts): staff's
 * own team, or the one an administrator names with `store_id`. Its calls are the administrators';
 * its list shows what a store needs of its people (the role, 8 a page: restaurant spec 2 and 9);
 * its words are the team's (restaurant spec 8; platform spec 8 on a failed update).
 */
const team: ResourceDefinition = {
  ...admins,
  label: { one: 'Colaborador', many: 'Equipe' },
  fields: {
    fullname: admins.fields.fullname!,
    email: admins.fields.email!,
    phone: admins.fields.phone!,
    role: { label: 'Função', kind: 'select', choices: teamRoles, list: true, filter: false },
    created_at: admins.fields.created_at!,
  },
  list: { ...admins.list, perPage: TEAM_PAGE_SIZE },
  screens: {
    titles: { list: 'Equipe', create: 'Incluir colaborador', edit: 'Equipe' },
    searchPlaceholder: 'Buscar por nome ou e-mail',
  },
  messages: {
    created: 'Usuário criado com sucesso',
    updated: 'Usuário atualizado com sucesso!',
    deleted: 'Usuário removido com sucesso!',
    notFound: admins.messages.notFound,
  },
};

const { fields } = team;

const include = { label: 'INCLUIR COLABORADOR', path: teamPaths.create };

const stop = (event: MouseEvent) => event.stopPropagation();

/** Staff came from the settings' VER EQUIPE: the way back (an administrator came from the menu). */
function BackToSettings() {
  const store = useChosenStore();
  return store.admin ? null : <ToolbarLink to={settingsPaths.settings} label="Configurações" back />;
}

/** What each role may do: for those who manage the team (the managers change it). */
function PermissionsLink() {
  const { canAccess = false } = useCanAccess({ resource: admins.name, action: 'create' });
  return canAccess ? (
    <ToolbarLink to={teamPaths.permissions} label="PERMISSÕES" icon={<LockPersonIcon />} />
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

/**
 * The member's profile: full name, phone (masked), e-mail (restaurant spec 2 "Team", 5) and the
 * role inside the store (who manages the team and the settings); disabled for who may not change
 * the team.
 */
const profileInputs = (disabled: boolean) => ({
  fullname: <TextInput source="fullname" label="Nome completo" autoComplete="off" disabled={disabled} />,
  phone: <PhoneInput source="phone" label={fields.phone!.label} disabled={disabled} />,
  email: (
    <TextInput
      source="email"
      label={fields.email!.label}
      type="email"
      autoComplete="off"
      disabled={disabled}
    />
  ),
  role: (
    <SelectInput
      source="role"
      label={fields.role!.label}
      choices={[...teamRoles]}
      disabled={disabled}
      // Always one of the roles (a new member's is Colaborador): no empty choice.
      validate={required('Informe a função.')}
      helperText="Gerentes também cuidam da equipe e das configurações"
    />
  ),
});

/** A password and its repetition (spec 5: 'As senhas precisam ser iguais'). */
const passwordInputs = (label: string) => ({
  password: <PasswordInput source="password" label={label} autoComplete="new-password" />,
  password_confirmation: (
    <PasswordInput source="password_confirmation" label="Repetir senha" autoComplete="new-password" />
  ),
});

const PROFILE = [
  ['fullname', 'phone'],
  ['email', 'role'],
] as const;

/** Where the server's refusals are fixed, when they are one field's. */
const REFUSED_FIELDS = { [DUPLICATE_EMAIL]: 'email', [WRONG_OLD_PASSWORD]: 'old_password' };

/** The member's name, as the screen's title. */
function MemberName() {
  const member = useRecordContext<Member>();
  return <>{member?.fullname ?? team.screens?.titles?.edit}</>;
}

/** The member's name under the section, and, for who only reads, why. */
function MemberHeading({ reader }: { reader: boolean }) {
  const member = useRecordContext<Member>();
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <SectionHeading section="Configurações › Equipe" title={member?.fullname ?? ''} />
      {reader ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MANAGERS_ONLY}
        </Alert>
      ) : null}
    </Box>
  );
}

/** What the member did, and what was done to their account and place on the team. */
function MemberHistory() {
  const member = useRecordContext<Member>();
  const store = useChosenStore();
  return member ? (
    <Box sx={{ p: 2 }}>
      <RecordHistory person={member.id} storeId={store.storeId} />
    </Box>
  ) : null;
}

/** A new member is a collaborator unless chosen otherwise (the server's default too). */
const NEW_MEMBER = {
  fullname: '',
  phone: null,
  email: '',
  password: '',
  password_confirmation: '',
  role: 'STAFF',
};

/** Changing one's own password needs the current one (the server checks it). */
const ownEditForm = collaboratorEditForm.refine(
  (value: Record<string, unknown>) => !value.password || Boolean(value.old_password),
  { path: ['old_password'], message: OLD_PASSWORD_NEEDED, when: () => true },
);

/**
 * A member's form, as who opens it may use it: who may change the team edits the profile, the
 * role and the password (their own with the current one, and without Remover); the rest of the
 * team reads it.
 */
function memberForm(self: boolean, canEdit: boolean): FormModeOverrides {
  const common: FormModeOverrides = {
    store: { notice: 'Escolha o restaurante do colaborador.' },
    title: <MemberName />,
    header: <MemberHeading reader={!canEdit} />,
    below: <MemberHistory />,
    readers: true,
  };
  if (!canEdit)
    return { ...common, inputs: profileInputs(true), sections: [{ fields: PROFILE }], toolbar: <></> };
  return {
    ...common,
    inputs: {
      ...profileInputs(false),
      ...passwordInputs('Nova senha'),
      old_password: (
        <PasswordInput source="old_password" label="Senha atual" autoComplete="current-password" />
      ),
    },
    sections: [
      { fields: PROFILE },
      {
        title: 'Alterar senha (opcional)',
        fields: [...(self ? [['old_password']] : []), ['password', 'password_confirmation']],
      },
    ],
    schema: self ? ownEditForm : collaboratorEditForm,
    sent: editPayload,
    saved: keepSession,
    refused: { fields: REFUSED_FIELDS, notice: 'Não foi possível atualizar os dados do usuário' },
    deleteConfirm: (member) => ({
      title: `Remover ${String(member.fullname)} da equipe?`,
      content: 'A conta deixa de entrar no painel. Esta ação não pode ser desfeita.',
      confirm: 'Remover',
    }),
    // Nobody removes themselves here.
    toolbar: self ? (
      <Toolbar>
        <SaveButton label="Salvar" alwaysEnable />
      </Toolbar>
    ) : undefined,
  };
}

const teamScreens = defineScreens({
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
      tertiary: (member) => choiceLabel(fields.role!, member.role),
    },
  },
  form: {
    list: teamPaths.list,
    create: {
      store: { notice: 'Escolha o restaurante do novo colaborador.' },
      header: (
        <Box sx={{ px: 2, pt: 2 }}>
          <SectionHeading section="Configurações › Equipe" title="Incluir colaborador" />
        </Box>
      ),
      inputs: { ...profileInputs(false), ...passwordInputs('Senha') },
      sections: [{ fields: [...PROFILE, ['password', 'password_confirmation']] }],
      schema: collaboratorCreateForm,
      defaultValues: NEW_MEMBER,
      refused: { fields: REFUSED_FIELDS },
      toolbar: (
        <Toolbar>
          <SaveButton label="Adicionar" alwaysEnable />
        </Toolbar>
      ),
    },
  },
});

/**
 * Equipe (restaurant spec 2 "Team", /settings/teams): the store's team, 8 a page, searchable;
 * a member opens their screen (edit, remove). INCLUIR COLABORADOR for who may change the team:
 * the store's managers, and administrators, who first choose the restaurant.
 */
export function TeamList() {
  return <GeneratedList definition={team} overrides={teamScreens} />;
}

/**
 * Incluir colaborador (restaurant spec 2 "Team", 5; /settings/teams-create): full name, phone
 * (masked), e-mail, password and its repetition, with the spec's messages, and the role. The new
 * member signs in with that e-mail and password. An e-mail already in use is refused by the
 * server, and said under the e-mail.
 */
export function TeamCreate() {
  const { canAccess, isPending } = useCanAccess({ resource: admins.name, action: 'create' });
  if (isPending) return <Loading />;
  if (canAccess) return <GeneratedCreate definition={team} overrides={teamScreens} />;
  return (
    <Stack sx={{ pt: 2, gap: 2, alignItems: 'flex-start' }}>
      <Title title={team.screens!.titles!.create!} />
      <ToolbarLink to={teamPaths.list} label={team.label.many} back />
      <Alert severity="info">{MANAGERS_ONLY}</Alert>
    </Stack>
  );
}

/**
 * A team member (/settings/teams/:id): the profile and role, a new password, and the removal, for
 * who may change the team (the store's managers; administrators with the restaurant chosen); the
 * rest of the team reads it. A failed save says 'Não foi possível atualizar os dados do usuário'
 * and, under it, why. Nobody removes themselves here.
 */
export function TeamMember() {
  const { id = '' } = useParams();
  const account = useApi<{ id: number }>('/api/account');
  // Who may change the team and remove from it (the definition's access), known before the form shows.
  const { canAccess = false, isPending } = useCanAccess({ resource: admins.name, action: 'edit' });
  const removal = useCanAccess({ resource: admins.name, action: 'delete' });
  const self = account.data !== undefined && String(account.data.id) === id;
  const overrides = useMemo<ScreenOverrides>(
    () => ({ form: { ...teamScreens.form, edit: memberForm(self, canAccess) } }),
    [self, canAccess],
  );
  if (!account.data || isPending || removal.isPending) return <Loading />;
  return <GeneratedEdit definition={team} overrides={overrides} />;
}
