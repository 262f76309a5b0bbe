import {
  Create,
  PasswordInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRedirect,
} from 'react-admin';
import {
  ADMIN_PERMISSIONS,
  adminCreateForm,
  admins as definition,
} from '../../../contract/resources/admins/definition';
import { PhoneInput } from '../../components/MaskedInputs';
import { zodValidate } from '../../lib/zodForm';
import { FieldRow, SectionHeading } from './inputs';

const validate = zodValidate(adminCreateForm);

/** /admins/add (spec 2.11, 5 "Add administrator"), under the Permissions section. */
export function AdminCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource={definition.name}
      title="Adicionar administrador"
      transform={(data: Record<string, unknown>) => ({ ...data, permissions: ADMIN_PERMISSIONS })}
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.created, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    >
      {/* noValidate: the browser's own e-mail check would block the submit before spec 5's messages show. */}
      <SimpleForm
        noValidate
        validate={validate}
        toolbar={
          <Toolbar>
            <SaveButton label="Adicionar" alwaysEnable />
          </Toolbar>
        }
      >
        <SectionHeading section="Permissões" title="Adicionar administrador" />
        <FieldRow>
          <TextInput source="fullname" label="Nome completo" autoComplete="name" />
          <PhoneInput source="phone" label="Telefone" />
        </FieldRow>
        <FieldRow>
          <TextInput source="email" label="E-mail" type="email" autoComplete="off" />
        </FieldRow>
        <FieldRow>
          <PasswordInput source="password" label="Senha" autoComplete="new-password" />
          <PasswordInput source="password_confirmation" label="Confirmar senha" autoComplete="new-password" />
        </FieldRow>
      </SimpleForm>
    </Create>
  );
}
