import { Button } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Link } from 'react-router-dom';
import { PasswordInput, SaveButton, TextInput, Toolbar, type RaRecord } from 'react-admin';
import { readSession, saveSession } from '../../lib/session';
import { PhoneInput } from '../../components/MaskedInputs';
import { formatDate, maskPhone } from '../../../contract/lib/format';
import {
  ADMIN_PERMISSIONS,
  adminCreateForm,
  adminEditForm,
} from '../../../contract/resources/admins/definition';
import { defineScreens } from '../../engine/overrides';

export const INCLUDE_COLLABORATOR_LABEL = 'INCLUIR COLABORADOR';

/** The way to include an existing account in a restaurant's team. */
function IncludeCollaboratorLink() {
  return (
    <Button
      component={Link}
      to="/admins/include-collaborator"
      variant="outlined"
      startIcon={<GroupAddIcon />}
    >
      {INCLUDE_COLLABORATOR_LABEL}
    </Button>
  );
}

/** Every form sends the fixed permissions object (spec 6: "saving sends a fixed one"). */
const withPermissions = (values: Record<string, unknown>) => ({ ...values, permissions: ADMIN_PERMISSIONS });

/** What Salvar sends: the password fields only when filled; the confirmation never. */
export function editPayload(values: Record<string, unknown>): Record<string, unknown> {
  const { password_confirmation: _confirmation, ...rest } = values;
  for (const key of ['password', 'old_password'] as const) {
    if (rest[key] === undefined || rest[key] === null || rest[key] === '') delete rest[key];
  }
  return rest;
}

/** Changing one's own password ends the old session; the answer carries the new one. */
export function keepSession(record: RaRecord) {
  if (typeof record.access_token === 'string') {
    saveSession(String(record.email ?? readSession()?.email ?? ''), record.access_token);
  }
}

const confirmation = (
  <PasswordInput source="password_confirmation" label="Confirmar senha" autoComplete="new-password" />
);

/**
 * Permissões (platform spec 2.11): the administrators, searchable, 50 a page, with the way to
 * include a collaborator; /admins/add (spec 5 "Add administrator") and the detail, under the
 * Permissões section. noValidate (the engine's): the browser's own e-mail check would block the
 * submit before spec 5's messages show.
 */
export default defineScreens({
  list: {
    actions: <IncludeCollaboratorLink />,
    compact: {
      primary: (record) => String(record.fullname ?? ''),
      secondary: (record) =>
        [record.email, maskPhone(record.phone as string | null)].filter(Boolean).join(' · '),
      tertiary: (record) => formatDate(record.created_at as string),
    },
  },
  form: {
    inputs: {
      fullname: <TextInput source="fullname" label="Nome completo" autoComplete="name" />,
      phone: <PhoneInput source="phone" label="Telefone" />,
      email: <TextInput source="email" label="E-mail" type="email" autoComplete="off" />,
      password_confirmation: confirmation,
    },
    transform: withPermissions,
    create: {
      sections: [
        {
          title: 'Adicionar administrador',
          fields: [['fullname', 'phone'], ['email'], ['password', 'password_confirmation']],
        },
      ],
      inputs: {
        password: <PasswordInput source="password" label="Senha" autoComplete="new-password" />,
      },
      schema: adminCreateForm,
      toolbar: (
        <Toolbar>
          <SaveButton label="Adicionar" alwaysEnable />
        </Toolbar>
      ),
    },
    edit: {
      sections: [
        { title: 'Detalhes do administrador', fields: [['fullname', 'phone'], ['email']] },
        {
          title: 'Alterar senha (opcional)',
          fields: [['old_password'], ['password', 'password_confirmation']],
        },
      ],
      inputs: {
        old_password: (
          <PasswordInput
            source="old_password"
            label="Senha atual"
            autoComplete="current-password"
            helperText="Necessária para alterar a sua própria senha"
          />
        ),
        password: <PasswordInput source="password" label="Nova senha" autoComplete="new-password" />,
      },
      schema: adminEditForm,
      sent: editPayload,
      saved: keepSession,
    },
  },
});
