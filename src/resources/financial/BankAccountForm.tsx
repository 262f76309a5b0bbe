import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Box, Stack } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Loading,
  SelectInput,
  TextInput,
  type TextInputProps,
} from 'react-admin';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import { maskCnpj, maskCpf, onlyDigits } from '../../../contract/lib/format';
import { GeneratedCreate, GeneratedEdit } from '../../engine/GeneratedForm';
import { ToolbarLink } from '../../engine/parts';
import { defineScreens, type ScreenOverrides } from '../../engine/overrides';
import { BANKS, bankLabel } from '../../../contract/resources/financial/banks';
import {
  accountTypeChoices,
  bankAccounts,
  FINANCIAL_MESSAGES,
  pixKeyTypeChoices,
} from '../../../contract/resources/financial/definition';
import { financialPaths } from './paths';

const formDefinition = {
  ...bankAccounts,
  screens: { titles: { create: 'Nova conta bancária', edit: 'Editar conta bancária' } },
};

const BANK_CHOICES = BANKS.map((bank) => ({ id: bank.code, name: bankLabel(bank) }));

/** The holder's CPF or CNPJ, masked as it grows: 11 digits read as a CPF, more as a CNPJ. */
function DocumentInput(props: Omit<TextInputProps, 'format' | 'parse'>) {
  const mask = (value: string) => (onlyDigits(value).length > 11 ? maskCnpj(value) : maskCpf(value));
  return (
    <TextInput
      {...props}
      format={(value: unknown) => (typeof value === 'string' ? mask(value) : '')}
      parse={(value: string) => onlyDigits(value).slice(0, 14) || null}
      placeholder="CPF ou CNPJ"
      inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
    />
  );
}

/** Digits only, up to `max` (a branch's 4, an account's 12). */
const digits = (max: number) => (value: string) => onlyDigits(value).slice(0, max);
/** One check digit: 0–9 or X. */
const checkDigit = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^0-9X]/g, '')
    .slice(-1) || null;

const PIX_HINT: Record<string, string> = {
  CPF: '000.000.000-00',
  CNPJ: '00.000.000/0000-00',
  EMAIL: 'financeiro@restaurante.com.br',
  PHONE: '+55 (11) 98765-4321',
  RANDOM: '123e4567-e89b-42d3-a456-426614174000',
};

/** The PIX key, with what a key of the chosen type looks like. */
function PixKeyInputs() {
  const type = useWatch({ name: 'pix_key_type' }) as string | null | undefined;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
      <SelectInput
        source="pix_key_type"
        label="Tipo da chave PIX"
        choices={[...pixKeyTypeChoices]}
        emptyText="Sem chave PIX"
        sx={{ minWidth: 200 }}
      />
      <TextInput
        source="pix_key"
        label="Chave PIX"
        placeholder={type ? PIX_HINT[type] : undefined}
        disabled={!type}
        fullWidth
        autoComplete="off"
      />
    </Stack>
  );
}

/** A number typed as digits (a branch's 4, an account's 12) beside its check digit (0–9 or X). */
function NumberWithDigit({
  source,
  label,
  maxDigits,
  width,
}: {
  source: 'agency' | 'account';
  label: string;
  maxDigits: number;
  width: number;
}) {
  return (
    <Stack direction="row" sx={{ columnGap: 2 }}>
      <TextInput
        source={source}
        label={label}
        parse={digits(maxDigits)}
        inputProps={{ inputMode: 'numeric' }}
        sx={{ width }}
      />
      <TextInput source={`${source}_digit`} label="Dígito" parse={checkDigit} sx={{ width: 100 }} />
    </Stack>
  );
}

/**
 * The account's form: the bank from the shipped list (typed by code or name), branch and account
 * with their check digits, the type, the holder with a CPF or CNPJ, the PIX key by its type, and
 * whether deposits go to it (the default). Every message is the shared schema's.
 */
export const bankAccountScreens = defineScreens({
  form: {
    sections: [
      { title: 'Conta', fields: ['bank_name', 'agency', 'account', 'account_type'] },
      { title: 'Titular', fields: ['holder_name', 'holder_document'] },
      { title: 'PIX', fields: ['pix_key'] },
      { fields: ['is_default'] },
    ],
    inputs: {
      bank_name: (
        <AutocompleteInput
          source="bank_code"
          label="Banco"
          choices={BANK_CHOICES}
          noOptionsText="Nenhum banco encontrado"
          fullWidth
        />
      ),
      agency: <NumberWithDigit source="agency" label="Agência" maxDigits={4} width={160} />,
      account: <NumberWithDigit source="account" label="Conta" maxDigits={12} width={220} />,
      account_type: (
        <SelectInput source="account_type" label="Tipo de conta" choices={[...accountTypeChoices]} />
      ),
      holder_name: <TextInput source="holder_name" label="Nome do titular" fullWidth autoComplete="off" />,
      holder_document: <DocumentInput source="holder_document" label="CPF/CNPJ do titular" />,
      pix_key: <PixKeyInputs />,
      is_default: (
        <BooleanInput
          source="is_default"
          label="Conta padrão"
          helperText="Os depósitos do restaurante vão para a conta padrão."
        />
      ),
    },
    defaultValues: { account_type: 'CHECKING', pix_key_type: null, is_default: false },
    deleteConfirm: (record) => ({
      title: `Remover a conta ${String(record.bank_name)} ${String(record.account)}-${String(record.account_digit)}?`,
      content: record.is_default
        ? 'É a conta padrão: a conta cadastrada há mais tempo passa a receber os depósitos.'
        : 'Os depósitos já feitos continuam no histórico.',
    }),
  },
});

/**
 * /financial/bank-accounts/new. An administrator adds to the restaurant chosen (the board's
 * choice, kept per device), which the form sends as `store_id`; staff to their own.
 */
export function BankAccountCreate() {
  const store = useChosenStore();
  const overrides = useMemo<ScreenOverrides>(() => {
    if (store.storeId === null) return bankAccountScreens;
    const storeId = store.storeId;
    return {
      ...bankAccountScreens,
      form: { ...bankAccountScreens.form, transform: (values) => ({ ...values, store_id: storeId }) },
    };
  }, [store.storeId]);
  if (store.loading) return <Loading />;
  if (store.waiting)
    return (
      <Box sx={{ py: 2 }}>
        <Stack direction="row" sx={{ mb: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToolbarLink to={financialPaths.bankAccounts} label={bankAccounts.label.many} back />
          <ChosenStorePicker store={store} />
        </Stack>
        <ChooseStoreNotice store={store} message={FINANCIAL_MESSAGES.chooseStoreNotice} />
      </Box>
    );
  return (
    <>
      {store.admin ? (
        <Stack direction="row" sx={{ mt: 2 }}>
          <ChosenStorePicker store={store} />
        </Stack>
      ) : null}
      {/* Another restaurant chosen starts a new form. */}
      <GeneratedCreate key={store.storeId ?? 'own'} definition={formDefinition} overrides={overrides} />
    </>
  );
}

/** /financial/bank-accounts/:id: the account's form, Remover and Salvar. */
export function BankAccountEdit() {
  return <GeneratedEdit definition={formDefinition} overrides={bankAccountScreens} />;
}
