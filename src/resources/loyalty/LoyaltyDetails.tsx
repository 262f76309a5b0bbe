import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  InputAdornment,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { BooleanInput, Form, TextInput, Title, useNotify, usePermissions } from 'react-admin';
import { ADMIN, MANAGER } from '../../authProvider';
import { useWorkPlace } from '../../authProvider/workPlace';
import { PersonLine } from '../../components/PersonLine';
import { httpClient } from '../../dataProvider/httpClient';
import { useApi } from '../../dataProvider/useApi';
import { formatCents, onlyDigits } from '../../../contract/lib/format';
import { zodValidate } from '../../lib/zodForm';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import {
  LOYALTY_MESSAGES,
  loyaltyPaths,
  loyaltyProgramForm,
  loyaltyPrograms,
  PROGRAM_OFF,
  PROGRAM_ON,
  type LoyaltyProgram,
  type LoyaltyProgramValues,
} from '../../../contract/resources/loyalty/definition';
import { loyaltyScreens } from './paths';

const TOUCH = { minHeight: 44 } as const;
const { fields } = loyaltyPrograms;
const count = new Intl.NumberFormat('pt-BR');

/** Cents as the consumption input shows them, without the currency the adornment shows: 50000 → '500,00'. */
const reaisText = (cents: unknown) =>
  typeof cents === 'number' && Number.isFinite(cents) ? formatCents(cents).replace(/^R\$\s/, '') : '';

/**
 * What is typed, digits only (spec 2): the consumption's digits are its cents, filled from the
 * right as a cash register does ('5', '50', '500' … '50000' reads R$ 500,00); the discount's a
 * whole percentage. Anything else typed is dropped; nothing left is no value.
 */
const digitsAsNumber = (max: number) => (text: string) => {
  const digits = onlyDigits(text)
    .replace(/^0+(?=\d)/, '')
    .slice(0, max);
  return digits === '' ? null : Number(digits);
};

/** One figure of the program, as a card. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={label} sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="p" variant="h5" sx={{ fontWeight: 800, mt: 0.5 }}>
          {children}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Spec 2: the customer who redeemed most (name, username, count), or 'nenhum'. */
function TopCustomer({ program }: { program: LoyaltyProgram }) {
  const top = program.top_customer;
  return (
    <Card component="section" aria-label="Cliente com mais resgates" sx={{ flex: '1 1 280px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          Cliente com mais resgates
        </Typography>
        {top ? (
          <Box sx={{ mt: 1 }}>
            <PersonLine
              picture={top.profile_picture}
              name={top.fullname}
              username={top.username}
              detail={`${count.format(top.n_uses)} ${top.n_uses === 1 ? 'resgate' : 'resgates'}`}
              size={48}
            />
          </Box>
        ) : (
          <Typography component="p" variant="h5" sx={{ fontWeight: 800, mt: 0.5 }}>
            {LOYALTY_MESSAGES.none}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The program's figures, computed by the server from the store's tabs and coupons. */
function Figures({ program }: { program: LoyaltyProgram }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 3 }}>
      <Figure label="Total de usuários ativos">{count.format(program.n_customers)}</Figure>
      <Figure label={fields.consumption!.label}>
        {program.consumption === null ? '—' : formatCents(program.consumption)}
      </Figure>
      <Figure label={fields.discount!.label}>
        {program.discount === null ? '—' : `${program.discount}%`}
      </Figure>
      <Figure label="Total de resgates">{count.format(program.n_uses)}</Figure>
      <TopCustomer program={program} />
    </Stack>
  );
}

/** The switch, named by its state as the spec names it (Ativo / Desativado). */
function ActiveInput({ disabled }: { disabled: boolean }) {
  const active = useWatch({ name: 'active' }) as boolean | undefined;
  return (
    <BooleanInput
      source="active"
      label={active ? PROGRAM_ON : PROGRAM_OFF}
      helperText={false}
      disabled={disabled}
      sx={{ '& .MuiFormControlLabel-root': TOUCH }}
    />
  );
}

/** The program's three values and Salvar; a store's managers (and administrators) save. */
function ProgramForm({
  program,
  canSave,
  saving,
  onSave,
}: {
  program: LoyaltyProgram;
  canSave: boolean;
  saving: boolean;
  onSave: (values: LoyaltyProgramValues) => void;
}) {
  const locked = !canSave || saving;
  return (
    <Card sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        Regras do programa
      </Typography>
      {program.id === null ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {LOYALTY_MESSAGES.notCreated}
        </Alert>
      ) : null}
      {canSave ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {LOYALTY_MESSAGES.managersSave}
        </Alert>
      )}
      <Form
        // A new record each time the server answers: the form starts again from what was saved.
        key={`${program.id ?? 'new'}-${String(program.updated_at)}`}
        record={{ consumption: program.consumption, discount: program.discount, active: program.active }}
        validate={zodValidate(loyaltyProgramForm)}
        onSubmit={(values: Record<string, unknown>) => onSave(values as LoyaltyProgramValues)}
        noValidate
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          <TextInput
            source="consumption"
            label={fields.consumption!.label}
            helperText="O cliente ganha o desconto a cada vez que consome este valor."
            format={reaisText}
            parse={digitsAsNumber(11)}
            disabled={locked}
            isRequired
            fullWidth
            autoComplete="off"
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
              htmlInput: { inputMode: 'numeric', 'aria-required': true },
            }}
          />
          <TextInput
            source="discount"
            label={fields.discount!.label}
            helperText="Desconto de 1% a 100% no resgate."
            format={(value: unknown) => (typeof value === 'number' ? String(value) : '')}
            parse={digitsAsNumber(3)}
            disabled={locked}
            isRequired
            fullWidth
            autoComplete="off"
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'numeric', maxLength: 3, 'aria-required': true },
            }}
          />
        </Stack>
        <Stack
          direction="row"
          sx={{ mt: 1, gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <ActiveInput disabled={locked} />
          {canSave ? (
            <Button
              type="submit"
              variant="contained"
              disabled={saving}
              startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
              sx={{ ...TOUCH, minWidth: 140 }}
            >
              Salvar
            </Button>
          ) : null}
        </Stack>
      </Form>
    </Card>
  );
}

/**
 * The loyalty program's details (/loyalty-programs/details, restaurant spec 2): its figures —
 * active users, the consumption that earns the reward, the benefit, redemptions, the top
 * customer ('nenhum' if none) — and its form: the two values typed as digits only, the Ativo /
 * Desativado switch, Salvar. A store without a program creates it here. Administrators first
 * choose the restaurant.
 */
export function LoyaltyDetails() {
  const store = useChosenStore();
  const { permissions: role } = usePermissions<string>();
  const { holds } = useWorkPlace();
  // Whoever reads the program may change it (one permission, "Fidelidade", for both).
  const canSave = role === ADMIN || role === MANAGER || holds('loyalty');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = store.storeId === null ? undefined : { store_id: store.storeId };
  const program = useApi<LoyaltyProgram>(store.waiting ? null : loyaltyPaths.read, query);
  const save = useMutation({
    mutationFn: async (values: LoyaltyProgramValues) =>
      (
        (await httpClient(loyaltyPaths.save, { method: 'PATCH', body: { ...values, ...query } })) as {
          data: LoyaltyProgram;
        }
      ).data,
    onSuccess: (saved) => {
      const created = program.data?.id === null;
      queryClient.setQueryData(['api', loyaltyPaths.read, query], saved);
      // The table's figures come from the same program.
      void queryClient.invalidateQueries({ queryKey: [loyaltyPrograms.name] });
      notify(created ? loyaltyPrograms.messages.created : loyaltyPrograms.messages.updated, {
        type: 'success',
      });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  return (
    <Box sx={{ pb: 4 }}>
      <Title title={loyaltyPrograms.label.one} />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, my: 2, flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={loyaltyScreens.list}
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          sx={TOUCH}
        >
          VOLTAR
        </Button>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {loyaltyPrograms.label.one}
        </Typography>
      </Stack>
      {store.admin ? (
        <Stack direction="row" sx={{ mb: 2 }}>
          <ChosenStorePicker store={store} />
        </Stack>
      ) : null}
      <ChooseStoreNotice store={store} message={LOYALTY_MESSAGES.chooseStore} />
      {store.waiting ? null : program.isPending ? (
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }} aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} sx={{ flex: '1 1 200px' }} />
          ))}
        </Stack>
      ) : program.isError ? (
        <Alert severity="error">{program.error.message}</Alert>
      ) : (
        <>
          <Figures program={program.data} />
          <ProgramForm
            program={program.data}
            canSave={canSave}
            saving={save.isPending}
            onSave={(values) => save.mutate(values)}
          />
        </>
      )}
    </Box>
  );
}
