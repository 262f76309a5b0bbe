import { Typography } from '@mui/material';
import {
  DeleteButton,
  Edit,
  PasswordInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { readSession, saveSession } from '../../authProvider/session';
import {
  ADMIN_PERMISSIONS,
  adminEditForm,
  admins as definition,
} from '../../../contract/resources/admins/definition';
import { PhoneInput } from '../../components/MaskedInputs';
import { zodValidate } from '../../lib/zodForm';
import { FieldRow, SectionHeading } from './inputs';

const validate = zodValidate(adminEditForm);

/**
 * What Salvar sends: the profile with the fixed permissions object (spec 6: "saving sends a fixed
 * one"); the password fields only when filled; the confirmation never.
 */
function editPayload(data: Record<string, unknown>): Record<string, unknown> {
  const { password_confirmation: _confirmation, ...fields } = data;
  const rest: Record<string, unknown> = { ...fields, permissions: ADMIN_PERMISSIONS };
  for (const key of ['password', 'old_password'] as const) {
    if (rest[key] === undefined || rest[key] === null || rest[key] === '') delete rest[key];
  }
  return rest;
}

function EditToolbar() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <DeleteButton
        label="Remover"
        mutationMode="pessimistic"
        confirmTitle="Remover administrador?"
        confirmContent="Esta ação não pode ser desfeita."
        mutationOptions={{
          onSuccess: () => {
            notify(definition.messages.deleted, { type: 'success' });
            redirect('list', definition.name);
          },
        }}
      />
      <SaveButton label="Salvar" alwaysEnable />
    </Toolbar>
  );
}

/** /admins/details: edit or remove an administrator (spec 2.11). */
export function AdminEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource={definition.name}
      title="Administrador"
      mutationMode="pessimistic"
      transform={editPayload}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          // Changing one's own password ends the old session; the answer carries the new one.
          if (typeof data.access_token === 'string') {
            saveSession(String(data.email ?? readSession()?.email ?? ''), data.access_token);
          }
          notify(definition.messages.updated, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    >
      {/* noValidate: the browser's own e-mail check would block the submit before spec 5's messages show. */}
      <SimpleForm noValidate validate={validate} toolbar={<EditToolbar />}>
        <SectionHeading section="Permissões" title="Detalhes do administrador" />
        <FieldRow>
          <TextInput source="fullname" label="Nome completo" autoComplete="name" />
          <PhoneInput source="phone" label="Telefone" />
        </FieldRow>
        <FieldRow>
          <TextInput source="email" label="E-mail" type="email" autoComplete="off" />
        </FieldRow>
        <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
          Alterar senha (opcional)
        </Typography>
        <FieldRow>
          <PasswordInput
            source="old_password"
            label="Senha atual"
            autoComplete="current-password"
            helperText="Necessária para alterar a sua própria senha"
          />
        </FieldRow>
        <FieldRow>
          <PasswordInput source="password" label="Nova senha" autoComplete="new-password" />
          <PasswordInput source="password_confirmation" label="Confirmar senha" autoComplete="new-password" />
        </FieldRow>
      </SimpleForm>
    </Edit>
  );
}
