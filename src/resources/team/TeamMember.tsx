import { useMemo, useState } from 'react';
import { RecordHistory } from '../audit/RecordHistory';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Confirm,
  Form,
  HttpError,
  PasswordInput,
  SaveButton,
  Title,
  useCanAccess,
  useNotify,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { readSession, saveSession } from '../../lib/session';
import { useApi } from '../../dataProvider/useApi';
import { zodValidate } from '../../lib/zodForm';
import {
  admins,
  collaboratorEditForm,
  DUPLICATE_EMAIL,
  OLD_PASSWORD_NEEDED,
  WRONG_OLD_PASSWORD,
  type Member,
} from '../../../contract/resources/admins/definition';
import { FieldRow, SectionHeading } from '../admins/inputs';
import { ToolbarLink } from '../../engine/parts';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import { PasswordInputs, ProfileInputs } from './inputs';
import { teamPaths } from './paths';
import { memberApiPath, removeMember, teamQuery, updateMember } from './api';
import { TEAM_MESSAGES } from './team';

const PROFILE = ['fullname', 'email', 'phone', 'role'] as const;

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** Changing one's own password needs the current one (the server checks it). */
const ownValidate = zodValidate(
  collaboratorEditForm.refine(
    (value: Record<string, unknown>) => blank(value.password) || !blank(value.old_password),
    { path: ['old_password'], message: OLD_PASSWORD_NEEDED, when: () => true },
  ),
);
const validate = zodValidate(collaboratorEditForm);

/** What Salvar sends: the profile fields that changed, and a new password when one is typed. */
function changesOf(values: FieldValues, member: Member): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of PROFILE) {
    if ((values[field] ?? null) !== (member[field] ?? null)) changes[field] = values[field];
  }
  if (!blank(values.password)) changes.password = values.password;
  if (!blank(values.old_password)) changes.old_password = values.old_password;
  return changes;
}

/** Where the server's refusal is fixed, when it is one field's. */
function fieldOf(message: string): string | undefined {
  if (message === DUPLICATE_EMAIL) return 'email';
  if (message === WRONG_OLD_PASSWORD) return 'old_password';
  return undefined;
}

interface MemberFormProps {
  member: Member;
  storeId: number | null;
  /** The signed-in account's own: its current password is asked, and it is not removed here. */
  self: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

function MemberForm({ member, storeId, self, canEdit, canDelete }: MemberFormProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const record = useMemo(
    () => ({ ...member, password: '', password_confirmation: '', old_password: '' }),
    [member],
  );

  const done = async (message: string) => {
    notify(message, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [admins.name] });
    await queryClient.invalidateQueries({ queryKey: ['api', memberApiPath(member.id)] });
    navigate(teamPaths.list);
  };

  const submit = async (values: FieldValues) => {
    const changes = changesOf(values, member);
    if (Object.keys(changes).length === 0) {
      navigate(teamPaths.list);
      return undefined;
    }
    setRefusal(null);
    try {
      const saved = await updateMember(member.id, changes, storeId);
      // Whoever changes their own password keeps working, with the session the answer brings.
      if (saved.access_token) saveSession(readSession()?.email ?? saved.email, saved.access_token);
    } catch (error) {
      const reason = error instanceof HttpError ? error.message : null;
      notify(TEAM_MESSAGES.updateFailed, { type: 'error' });
      setRefusal(reason);
      const field = reason ? fieldOf(reason) : undefined;
      return field ? { [field]: reason } : undefined;
    }
    await done(TEAM_MESSAGES.updated);
    return undefined;
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await removeMember(member.id, storeId);
      setConfirming(false);
      await done(TEAM_MESSAGES.deleted);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setConfirming(false);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Form record={record} noValidate validate={self ? ownValidate : validate} onSubmit={submit}>
      <SectionHeading section="Configurações › Equipe" title={member.fullname} />
      {canEdit ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {TEAM_MESSAGES.managersOnly}
        </Alert>
      )}
      <ProfileInputs disabled={!canEdit} />
      {canEdit ? (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
            Alterar senha (opcional)
          </Typography>
          {self ? (
            <FieldRow>
              <PasswordInput source="old_password" label="Senha atual" autoComplete="current-password" />
            </FieldRow>
          ) : null}
          <PasswordInputs label="Nova senha" />
          {refusal ? (
            <Alert severity="error" sx={{ mb: 2, maxWidth: 720 }}>
              {refusal}
            </Alert>
          ) : null}
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, maxWidth: 720 }}>
            {canDelete && !self ? (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteIcon />}
                onClick={() => setConfirming(true)}
                sx={{ minHeight: 44 }}
              >
                Remover
              </Button>
            ) : (
              <span />
            )}
            <SaveButton label="Salvar" alwaysEnable sx={{ minHeight: 44 }} />
          </Stack>
          <Confirm
            isOpen={confirming}
            loading={removing}
            title={`Remover ${member.fullname} da equipe?`}
            content="A conta deixa de entrar no painel. Esta ação não pode ser desfeita."
            confirm="Remover"
            onConfirm={remove}
            onClose={() => setConfirming(false)}
          />
        </>
      ) : null}
    </Form>
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
  const store = useChosenStore();
  const account = useApi<{ id: number }>('/api/account');
  // Who may change the team (the definition's access), known before the form shows.
  const edit = useCanAccess({ resource: admins.name, action: 'edit' });
  const remove = useCanAccess({ resource: admins.name, action: 'delete' });
  const member = useApi<Member>(store.waiting ? null : memberApiPath(id), teamQuery(store.storeId), {
    retry: false,
  });
  return (
    <Box sx={{ pt: 2, pb: 4 }}>
      <Title title={member.data?.fullname ?? 'Equipe'} />
      <Stack direction="row" sx={{ mb: 2, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ToolbarLink to={teamPaths.list} label="Equipe" back />
        <ChosenStorePicker store={store} />
      </Stack>
      <ChooseStoreNotice store={store} message="Escolha o restaurante do colaborador." />
      {member.isError ? (
        <Alert severity="error">{(member.error as Error).message}</Alert>
      ) : member.data && account.data && !edit.isPending && !remove.isPending ? (
        <Card sx={{ maxWidth: 760 }}>
          <CardContent>
            <MemberForm
              key={`${member.data.id}:${String(member.data.created_at)}`}
              member={member.data}
              storeId={store.storeId}
              self={member.data.id === account.data.id}
              canEdit={edit.canAccess ?? false}
              canDelete={remove.canAccess ?? false}
            />
          </CardContent>
        </Card>
      ) : store.waiting ? null : (
        <LinearProgress aria-label="Carregando" />
      )}
      {member.data ? (
        <Card sx={{ maxWidth: 760, mt: 2 }}>
          <CardContent>
            {/* What the member did, and what was done to their account and place on the team. */}
            <RecordHistory person={member.data.id} storeId={store.storeId} />
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
