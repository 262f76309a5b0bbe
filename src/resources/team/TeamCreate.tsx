import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, Stack } from '@mui/material';
import { Form, HttpError, Loading, SaveButton, Title, useCanAccess, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { zodValidate } from '../../lib/zodForm';
import {
  admins,
  collaboratorCreateForm,
  DUPLICATE_EMAIL,
} from '../../../contract/resources/admins/definition';
import { SectionHeading } from '../admins/inputs';
import { ToolbarLink } from '../../engine/parts';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import { PasswordInputs, ProfileInputs } from './inputs';
import { teamPaths } from './paths';
import { createMember } from './api';
import { TEAM_MESSAGES } from './team';

const validate = zodValidate(collaboratorCreateForm);

/** A new member is a collaborator unless chosen otherwise (the server's default too). */
const DEFAULTS = {
  fullname: '',
  phone: null,
  email: '',
  password: '',
  password_confirmation: '',
  role: 'STAFF',
};

/**
 * Incluir colaborador (restaurant spec 2 "Team", 5; /settings/teams-create): full name, phone
 * (masked), e-mail, password and its repetition, with the spec's messages, and the role. The new
 * member signs in with that e-mail and password. An e-mail already in use is refused by the
 * server, and said under the e-mail.
 */
export function TeamCreate() {
  const store = useChosenStore();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { canAccess: canCreate, isPending } = useCanAccess({ resource: admins.name, action: 'create' });

  const submit = async (values: FieldValues) => {
    try {
      await createMember(values, store.storeId);
    } catch (error) {
      const message = (error as Error).message;
      notify(message, { type: 'error' });
      // Said where it is fixed, too.
      return error instanceof HttpError && message === DUPLICATE_EMAIL ? { email: message } : undefined;
    }
    notify(TEAM_MESSAGES.created, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [admins.name] });
    navigate(teamPaths.list);
    return undefined;
  };

  if (store.loading || isPending) return <Loading />;
  return (
    <Box sx={{ pt: 2 }}>
      <Title title="Incluir colaborador" />
      <Stack direction="row" sx={{ mb: 2, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ToolbarLink to={teamPaths.list} label="Equipe" back />
        <ChosenStorePicker store={store} />
      </Stack>
      <ChooseStoreNotice store={store} message="Escolha o restaurante do novo colaborador." />
      {!canCreate ? (
        <Alert severity="info">{TEAM_MESSAGES.managersOnly}</Alert>
      ) : store.waiting ? null : (
        <Card sx={{ maxWidth: 760 }}>
          <CardContent>
            {/* noValidate: the browser's own e-mail check would block the submit before spec 5's messages show. */}
            <Form
              key={store.storeId ?? 'own'}
              noValidate
              validate={validate}
              onSubmit={submit}
              defaultValues={DEFAULTS}
            >
              <SectionHeading section="Configurações › Equipe" title="Incluir colaborador" />
              <ProfileInputs />
              <PasswordInputs />
              <SaveButton label="Adicionar" alwaysEnable sx={{ minHeight: 44 }} />
            </Form>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
