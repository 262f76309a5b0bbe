import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert, Box, Card, CardContent, InputAdornment, Stack, Typography } from '@mui/material';
import { BooleanInput, TextInput, TopToolbar, useRecordContext, type RaRecord } from 'react-admin';
import { PersonLine } from '../../components/PersonLine';
import { formatCents, onlyDigits } from '../../../contract/lib/format';
import { GeneratedSingle } from '../../engine/GeneratedForm';
import { MoneyInput } from '../../engine/MoneyInput';
import { defineScreens } from '../../engine/overrides';
import { ToolbarLink } from '../../engine/parts';
import {
  LOYALTY_MESSAGES,
  loyaltyPrograms,
  PROGRAM_OFF,
  PROGRAM_ON,
  type LoyaltyProgram,
} from '../../../contract/resources/loyalty/definition';
import { loyaltyScreens } from './paths';

const TOUCH = { minHeight: 44 } as const;
const { fields } = loyaltyPrograms;
const count = new Intl.NumberFormat('pt-BR');

/** A whole percentage as typed, digits only (spec 2): anything else typed is dropped; nothing left is no value. */
const percentTyped = (text: string) => {
  const digits = onlyDigits(text)
    .replace(/^0+(?=\d)/, '')
    .slice(0, 3);
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
function Figures() {
  const program = useRecordContext<LoyaltyProgram>();
  if (!program) return null;
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
function ActiveInput() {
  const active = useWatch({ name: 'active' }) as boolean | undefined;
  return (
    <BooleanInput
      source="active"
      label={active ? PROGRAM_ON : PROGRAM_OFF}
      helperText={false}
      sx={{ '& .MuiFormControlLabel-root': TOUCH }}
    />
  );
}

/** A store without a program yet (never saved): its first save creates it. */
const unsaved = (program: RaRecord | undefined) => program?.updated_at === null;

function NotCreated() {
  return unsaved(useRecordContext()) ? (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
      {LOYALTY_MESSAGES.notCreated}
    </Alert>
  ) : null;
}

const details = defineScreens({
  form: {
    single: { read: 'read', save: 'save', created: unsaved },
    store: { notice: LOYALTY_MESSAGES.chooseStore },
    // The store read with the program is named only by an administrator's choice.
    sent: ({ store_id: _store, ...values }) => values,
    title: loyaltyPrograms.label.one,
    actions: (
      <TopToolbar sx={{ justifyContent: 'flex-start' }}>
        <ToolbarLink to={loyaltyScreens.list} label="VOLTAR" back />
      </TopToolbar>
    ),
    header: <Figures />,
    sections: [
      { title: 'Regras do programa', fields: ['notCreated', ['consumption', 'discount'], 'active'] },
    ],
    inputs: {
      notCreated: <NotCreated />,
      consumption: (
        <MoneyInput
          source="consumption"
          label={fields.consumption!.label}
          helperText="O cliente ganha o desconto a cada vez que consome este valor."
          isRequired
          fullWidth
          autoComplete="off"
        />
      ),
      discount: (
        <TextInput
          source="discount"
          label={fields.discount!.label}
          helperText="Desconto de 1% a 100% no resgate."
          format={(value: unknown) => (typeof value === 'number' ? String(value) : '')}
          parse={percentTyped}
          isRequired
          fullWidth
          autoComplete="off"
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { inputMode: 'numeric', maxLength: 3, 'aria-required': true },
          }}
        />
      ),
      active: <ActiveInput />,
    },
  },
});

/**
 * The loyalty program's details (/loyalty-programs/details, restaurant spec 2), one per store,
 * read and saved at /api/loyalty-programs itself: its figures — active users, the consumption that
 * earns the reward, the benefit, redemptions, the top customer ('nenhum' if none) — and its form:
 * the two values typed as digits only, the Ativo / Desativado switch, Salvar. A store without a
 * program creates it here. Administrators first choose the restaurant.
 */
export function LoyaltyDetails() {
  return <GeneratedSingle definition={loyaltyPrograms} overrides={details} />;
}
