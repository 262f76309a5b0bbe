import { PasswordInput, required, SelectInput, TextInput } from 'react-admin';
import { PhoneInput } from '../../components/MaskedInputs';
import { teamRoles } from '../../../contract/resources/admins/definition';
import { FieldRow } from '../admins/inputs';

/**
 * The member's profile: full name, phone (masked), e-mail (restaurant spec 2 "Team", 5) and the
 * role inside the store (who manages the team and the settings). Read-only for who may not
 * change the team.
 */
export function ProfileInputs({ disabled = false }: { disabled?: boolean }) {
  return (
    <>
      <FieldRow>
        <TextInput source="fullname" label="Nome completo" autoComplete="off" disabled={disabled} />
        <PhoneInput source="phone" label="Telefone" disabled={disabled} />
      </FieldRow>
      <FieldRow>
        <TextInput source="email" label="E-mail" type="email" autoComplete="off" disabled={disabled} />
        <SelectInput
          source="role"
          label="Função"
          choices={[...teamRoles]}
          disabled={disabled}
          // Always one of the roles (a new member's is Colaborador): no empty choice.
          validate={required('Informe a função.')}
          helperText="Gerentes também cuidam da equipe e das configurações"
        />
      </FieldRow>
    </>
  );
}

/** A password and its repetition (spec 5: 'As senhas precisam ser iguais'). */
export function PasswordInputs({ label = 'Senha' }: { label?: string }) {
  return (
    <FieldRow>
      <PasswordInput source="password" label={label} autoComplete="new-password" />
      <PasswordInput source="password_confirmation" label="Repetir senha" autoComplete="new-password" />
    </FieldRow>
  );
}
