import { createContext, use, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { SaveContextProvider, TextInput, useDataProvider, useNotify, type DataProvider } from 'react-admin';
import { z } from 'zod';
import { SuccessDialog } from '../../components/SuccessDialog';
import { GeneratedCreate } from '../../engine/GeneratedForm';
import { defineScreens } from '../../engine/overrides';
import {
  TABLE_FIELD_REQUIRED,
  TABLE_ONLY_NUMBERS,
  TABLES_CREATED,
  TABLES_NOT_CREATED,
  tables,
  type Table,
} from '../../../contract/resources/floor/definition';
import { hallPaths } from './paths';
import { TOUCH } from './FloorFrame';

/** More than this at once is a typo rather than a floor; a larger floor is made in several goes. */
const MAX_TABLES_AT_ONCE = 200;
const HIGHEST_NUMBER = 99_999;

/** Digits only, as typed; the numbers they make. */
const digits = z
  .string({ error: TABLE_FIELD_REQUIRED })
  .trim()
  .min(1, TABLE_FIELD_REQUIRED)
  .regex(/^\d+$/, TABLE_ONLY_NUMBERS)
  .transform(Number);

/** The table form (restaurant spec 5): both required, numbers only, within sensible bounds. */
const tablesForm = z
  .object({
    quantity: digits.pipe(
      z
        .number()
        .min(1, `Informe de 1 a ${MAX_TABLES_AT_ONCE} mesas.`)
        .max(MAX_TABLES_AT_ONCE, `Informe de 1 a ${MAX_TABLES_AT_ONCE} mesas.`),
    ),
    start_number: digits.pipe(
      z
        .number()
        .min(1, 'O número inicial começa em 1.')
        .max(HIGHEST_NUMBER, `O número de uma mesa vai até ${HIGHEST_NUMBER}.`),
    ),
  })
  .refine(({ quantity, start_number }) => start_number + quantity - 1 <= HIGHEST_NUMBER, {
    path: ['start_number'],
    message: `O número de uma mesa vai até ${HIGHEST_NUMBER}.`,
  });

type FormValues = z.input<typeof tablesForm>;

const listFormat = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/** '3, 4 e 5'; a long list in runs: '1 a 20, 25 e 30'. */
function tableNumbersInWords(numbers: number[]): string {
  if (numbers.length <= 5) return listFormat.format(numbers.map(String));
  const parts: string[] = [];
  for (let start = 0; start < numbers.length;) {
    let end = start;
    while (numbers[end + 1] === numbers[end]! + 1) end++;
    if (end - start >= 2) parts.push(`${numbers[start]} a ${numbers[end]}`);
    else for (let i = start; i <= end; i++) parts.push(String(numbers[i]));
    start = end + 1;
  }
  return listFormat.format(parts);
}

/** Why nothing was created: the numbers the store already has. */
export function takenMessage(numbers: number[]): string {
  return numbers.length === 1
    ? `A mesa ${numbers[0]} já existe neste restaurante. Nenhuma mesa foi criada.`
    : `As mesas ${tableNumbersInWords(numbers)} já existem neste restaurante. Nenhuma mesa foi criada.`;
}

/** The numbers of the store's tables, every page of them. */
async function storeTableNumbers(dataProvider: DataProvider): Promise<Set<number>> {
  const numbers = new Set<number>();
  const perPage = tables.list.perPage;
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList<Table>(tables.name, {
      pagination: { page, perPage },
      sort: { field: 'number', order: 'ASC' },
      filter: {},
    });
    for (const table of data) numbers.add(table.number);
    if (data.length < perPage || (total !== undefined && page * perPage >= total)) return numbers;
  }
}

type Step = { phase: 'checking' } | { phase: 'creating'; current: number; total: number };

/** The submitted values the store refused, and why: shown while the form still holds them. */
interface Refusal {
  values: FormValues;
  message: string;
}

/** Where the batch is, for the inputs and the toolbar. */
const BatchContext = createContext<{ step: Step | null; refusal: Refusal | null }>({
  step: null,
  refusal: null,
});

/**
 * The form's save: one `POST /api/tables` per table, numbered in sequence and free. A number the
 * store already has refuses the whole batch before anything is sent; a batch that fails half-way
 * (another device created one of its numbers meanwhile) removes the tables it created, so the
 * floor never keeps half a batch.
 */
function Batch({ children }: { children: ReactNode }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState(false);

  const create = async (values: FormValues) => {
    const { quantity, start_number } = tablesForm.parse(values);
    const numbers = Array.from({ length: quantity }, (_, i) => start_number + i);
    setRefusal(null);
    setStep({ phase: 'checking' });
    try {
      const existing = await storeTableNumbers(dataProvider);
      const taken = numbers.filter((number) => existing.has(number));
      if (taken.length > 0) {
        setRefusal({ values, message: takenMessage(taken) });
        return;
      }
      const created: { id: Table['id']; number: number }[] = [];
      try {
        for (const number of numbers) {
          setStep({ phase: 'creating', current: created.length + 1, total: numbers.length });
          const { data } = await dataProvider.create<Table>(tables.name, {
            data: { name: `Mesa ${number}`, number, status: 'AVAILABLE' },
          });
          created.push({ id: data.id, number });
        }
      } catch (error) {
        const left = await removeAll(dataProvider, created);
        notify(failureMessage(error, left), { type: 'error', multiLine: true });
        return;
      } finally {
        void queryClient.invalidateQueries({ queryKey: [tables.name] });
      }
      setDone(true);
    } catch (error) {
      notify(failureMessage(error, []), { type: 'error', multiLine: true });
    } finally {
      setStep(null);
    }
  };

  return (
    <SaveContextProvider
      value={{
        save: (values: Record<string, unknown>) => create(values as FormValues),
        saving: step !== null,
        mutationMode: 'pessimistic',
      }}
    >
      <BatchContext value={{ step, refusal }}>{children}</BatchContext>
      <SuccessDialog message={done ? TABLES_CREATED : null} fallback={hallPaths.floor} />
    </SaveContextProvider>
  );
}

/**
 * What the form will create, in words, once both numbers are valid; why the store refused them,
 * while the form still holds them; how far the batch is; then Cancelar and Criar.
 */
function BatchToolbar() {
  const navigate = useNavigate();
  const { step, refusal } = use(BatchContext);
  const values = useWatch<FormValues>();
  const range = tablesForm.safeParse(values).data;
  const busy = step !== null;
  return (
    <Stack sx={{ gap: 2, px: 2, pb: 2 }}>
      {range ? (
        <Typography color="text.secondary" aria-live="polite">
          {range.quantity === 1
            ? `Será criada a mesa ${range.start_number}.`
            : `Serão criadas as mesas ${range.start_number} a ${range.start_number + range.quantity - 1}.`}
        </Typography>
      ) : null}
      {refusal &&
      refusal.values.quantity === values.quantity &&
      refusal.values.start_number === values.start_number ? (
        <Alert severity="error">{refusal.message}</Alert>
      ) : null}
      {step?.phase === 'creating' ? (
        <LinearProgress
          variant="determinate"
          value={((step.current - 1) / step.total) * 100}
          aria-label="Mesas criadas"
          aria-valuetext={`Criando ${step.current} de ${step.total}`}
        />
      ) : null}
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => navigate(hallPaths.floor)} disabled={busy} sx={TOUCH}>
          Cancelar
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <AddIcon />}
          sx={{ ...TOUCH, minWidth: 120 }}
        >
          {step === null
            ? 'Criar'
            : step.phase === 'checking'
              ? 'Verificando…'
              : `Criando ${step.current} de ${step.total}…`}
        </Button>
      </Stack>
    </Stack>
  );
}

/** A whole number typed on a tablet's numeric keypad; its label tied to it, its message under it. */
function NumberInput({
  source,
  label,
  autoFocus,
}: {
  source: keyof FormValues;
  label: string;
  autoFocus?: boolean;
}) {
  const { step } = use(BatchContext);
  return (
    <TextInput
      source={source}
      label={label}
      disabled={step !== null}
      autoFocus={autoFocus}
      // The asterisk of a required field; the message comes from the form's schema.
      isRequired
      fullWidth
      autoComplete="off"
      slotProps={{
        htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, 'aria-required': true },
      }}
    />
  );
}

const tablesCreate = defineScreens({
  form: {
    title: 'Criar mesas',
    around: Batch,
    schema: tablesForm,
    defaultValues: { quantity: '', start_number: '' },
    header: (
      <Typography color="text.secondary" sx={{ px: 2, pt: 2 }}>
        As mesas são numeradas em sequência a partir do número inicial e começam livres.
      </Typography>
    ),
    sections: [{ fields: [['quantity', 'start_number']] }],
    inputs: {
      quantity: <NumberInput source="quantity" label="Quantidade de mesas" autoFocus />,
      start_number: <NumberInput source="start_number" label="Número inicial" />,
    },
    toolbar: <BatchToolbar />,
    actions: false,
    maxWidth: 640,
  },
});

/** /hall/create (restaurant spec 2 "Tables and floor"): how many tables and the first number. */
export function TablesCreate() {
  return <GeneratedCreate definition={tables} overrides={tablesCreate} />;
}

/** Removes what a failed batch created, last first; returns the numbers that could not be removed. */
async function removeAll(
  dataProvider: DataProvider,
  created: { id: Table['id']; number: number }[],
): Promise<number[]> {
  const left: number[] = [];
  for (const table of [...created].reverse()) {
    try {
      await dataProvider.delete(tables.name, { id: table.id });
    } catch {
      left.unshift(table.number);
    }
  }
  return left;
}

/** The spec's message, the server's reason after it, and what remains when the undo failed too. */
function failureMessage(error: unknown, left: number[]): string {
  const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
  const remains =
    left.length === 0
      ? ''
      : left.length === 1
        ? ` A mesa ${left[0]} ficou criada: exclua-a no salão.`
        : ` As mesas ${tableNumbersInWords(left)} ficaram criadas: exclua-as no salão.`;
  return `${TABLES_NOT_CREATED}${reason}${remains}`;
}
