import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  BooleanInput,
  Confirm,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useDelete,
  useInput,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useApi } from '../../dataProvider/useApi';
import { formatCents, formatDate } from '../../../contract/lib/format';
import {
  FILL_REQUIRED,
  IMAGES_MISSING,
  restaurantFields as fields,
  restaurants,
  SELECTS_MISSING,
} from '../../../contract/resources/restaurants/definition';
import { MunicipalityAutocomplete } from './MunicipalityAutocomplete';

/*
 * What the restaurant's forms hold beyond the generated inputs: the create form's city, links and
 * checks before sending; the detail's figures, partner date, bank account, loyalty and removal.
 */

/** The link rows a new restaurant starts with, in this order. */
export const LINKS = [
  { title: 'Cardápio', icon: 'menu' },
  { title: 'Reservas', icon: 'reservations' },
  { title: 'Mapa', icon: 'map' },
  { title: 'Instagram', icon: 'instagram' },
  { title: 'WhatsApp', icon: 'whatsapp' },
];

/** The fields the spec's create form checks before sending ("Por favor preencher os campos obrigatórios."). */
const REQUIRED_FIELDS = [
  'description',
  'name',
  'cnpj',
  'full_description',
  'company_name',
  'instagram',
  'uf',
  'street_number',
  'neighborhood',
  'zip_code',
  'street',
  'city',
  'cpf',
  'email_admin',
  'name_responsible',
  'email',
  'feedme_physical_tax',
  'feedme_digital_tax',
];

/** react-admin keeps form-level messages as `{ message, args }`; plain inputs need the text. */
function validationMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

/** The store's cuisine, one of the platform's (the restaurant's form and the store's settings). */
export function CuisineInput() {
  return (
    <ReferenceInput
      source="cousine_id"
      reference="cousines"
      perPage={100}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <SelectInput label={fields.cousine_id.label} optionText="name" fullWidth />
    </ReferenceInput>
  );
}

/** The city, picked from the municipalities, which fills the UF too. */
export function CityInput() {
  const { field, fieldState } = useInput({ source: 'city' });
  const form = useFormContext();
  return (
    <Box sx={{ pt: 1 }}>
      <MunicipalityAutocomplete
        label={fields.city.label}
        value={field.value ?? ''}
        error={Boolean(fieldState.error)}
        helperText={validationMessage(fieldState.error?.message)}
        onChange={(name, municipality) => {
          field.onChange(name);
          if (municipality) form.setValue('uf', municipality.uf, { shouldDirty: true, shouldValidate: true });
        }}
      />
    </Box>
  );
}

/** The five link rows: a title, an address and a switch each. */
export function LinkRows() {
  return LINKS.map((link, index) => (
    <Grid container columnSpacing={2} key={link.icon} sx={{ width: '100%', alignItems: 'center' }}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source={`links.${index}.title`} label="Título" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source={`links.${index}.url`} label="Endereço (URL)" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 2 }}>
        <BooleanInput source={`links.${index}.active`} label="Ativo" />
      </Grid>
    </Grid>
  ));
}

/** CRIAR, after the checks the spec runs before submitting, with its notices. */
export function CreateToolbar() {
  const notify = useNotify();
  const form = useFormContext();
  const check = (event: MouseEvent) => {
    const values = form.getValues();
    let message: string | null = null;
    if (!values.logo_black || !values.logo_white || !values.bg_image) message = IMAGES_MISSING;
    else if (!values.operation_id || !values.cousine_id) message = SELECTS_MISSING;
    else if (REQUIRED_FIELDS.some((name) => String(values[name] ?? '').trim() === ''))
      message = FILL_REQUIRED;
    if (message) {
      notify(message, { type: 'warning' });
      // Still let the form mark the empty fields.
      void form.trigger();
      event.preventDefault();
    }
  };
  return (
    <Toolbar>
      <SaveButton label="CRIAR" alwaysEnable onClick={check} />
    </Toolbar>
  );
}

interface Overview {
  visitors: number;
  revenues: number;
  paid_tickets: number;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ flex: '1 1 140px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6">{value}</Typography>
    </Box>
  );
}

/** The detail's header: the logo and the restaurant's overview. */
export function DetailHeader() {
  const record = useRecordContext();
  const { data } = useApi<Overview>(record ? `/api/statistics/store/id/${record.id}/overview` : null);
  if (!record) return null;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box
              component="img"
              src={record.logo_black ?? record.logo_white}
              alt={`Logo de ${record.name}`}
              sx={{
                width: 72,
                height: 72,
                objectFit: 'contain',
                borderRadius: 2,
                bgcolor: 'common.white',
                p: 0.5,
              }}
            />
            <Stat label="Visitantes" value={(data?.visitors ?? 0).toLocaleString('pt-BR')} />
            <Stat label="Faturamento" value={formatCents(data?.revenues ?? 0)} />
            <Stat label="Comandas pagas" value={(data?.paid_tickets ?? 0).toLocaleString('pt-BR')} />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

function ReadOnly({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || '—'}</Typography>
    </Box>
  );
}

export function PartnerSince() {
  const record = useRecordContext();
  return <ReadOnly label={fields.created_at.label} value={formatDate(record?.created_at)} />;
}

export function BankData() {
  const bank = useRecordContext()?.bank_account as Record<string, string> | null | undefined;
  return (
    <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
      <ReadOnly label="Banco" value={bank ? `${bank.bank_code} – ${bank.bank_name}` : null} />
      <ReadOnly label="Agência" value={bank?.agency} />
      <ReadOnly label="Conta" value={bank?.account} />
      <ReadOnly
        label="Tipo"
        value={bank ? (bank.account_type === 'SAVINGS' ? 'Poupança' : 'Corrente') : null}
      />
      <ReadOnly label="Titular" value={bank?.holder_name} />
      <ReadOnly label="Chave Pix" value={bank?.pix_key} />
    </Stack>
  );
}

export function LoyaltySummary() {
  const loyalty = useRecordContext()?.loyalty as
    | { consumption: number; discount: number; active: boolean; n_customers: number; n_uses: number }
    | null
    | undefined;
  if (!loyalty)
    return <Typography color="text.secondary">Este restaurante não tem programa de fidelidade.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Consumo para resgate</TableCell>
            <TableCell>Benefício</TableCell>
            <TableCell>Usuários ativos</TableCell>
            <TableCell>Resgates</TableCell>
            <TableCell>Situação</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>{formatCents(loyalty.consumption)}</TableCell>
            <TableCell>{loyalty.discount.toLocaleString('pt-BR')}%</TableCell>
            <TableCell>{loyalty.n_customers.toLocaleString('pt-BR')}</TableCell>
            <TableCell>{loyalty.n_uses.toLocaleString('pt-BR')}</TableCell>
            <TableCell>{loyalty.active ? 'Ativo' : 'Desativado'}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

/** The detail's REMOVER (what goes with the restaurant, asked first) and SALVAR. */
export function DetailToolbar() {
  const record = useRecordContext();
  const notify = useNotify();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setOpen(true)}
        disabled={!record || isPending}
      >
        REMOVER
      </Button>
      <SaveButton label="SALVAR" alwaysEnable />
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Remover ${record?.name ?? 'restaurante'}?`}
        content="O restaurante, seu cardápio, mesas e histórico serão excluídos. Esta ação não pode ser desfeita."
        confirm="Remover"
        cancel="Cancelar"
        onClose={() => setOpen(false)}
        onConfirm={() =>
          record &&
          remove(
            restaurants.name,
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify(restaurants.messages.deleted, { type: 'success' });
                navigate('/restaurants/list');
              },
              onError: (error) => {
                setOpen(false);
                notify((error as Error).message, { type: 'error' });
              },
            },
          )
        }
      />
    </Toolbar>
  );
}
