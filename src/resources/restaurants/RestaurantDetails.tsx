import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
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
  Confirm,
  Edit,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useDelete,
  useNotify,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { useApi } from '../../dataProvider/useApi';
import { formatCents, formatDate } from '../../../contract/lib/format';
import { zodValidate } from '../../lib/zodForm';
import { storeStatuses, storeUpdateInput } from '../../../contract/resources/restaurants/definition';
import { CepInput, CnpjInput, CpfInput, PhoneInput } from '../../components/MaskedInputs';

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

function Header() {
  const record = useRecordContext();
  const { data } = useApi<Overview>(record ? `/api/statistics/store/id/${record.id}/overview` : null);
  if (!record) return null;
  return (
    <Card sx={{ mb: 2 }}>
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
  );
}

function Section({ title }: { title: string }) {
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 1 }} />
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

function PartnerSince() {
  const record = useRecordContext();
  return <ReadOnly label="Parceiro desde" value={formatDate(record?.created_at)} />;
}

function BankData() {
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

function LoyaltySummary() {
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

function DetailToolbar() {
  const record = useRecordContext();
  const notify = useNotify();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const queryClient = useQueryClient();
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
            'restaurants',
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify('Restaurante removido com sucesso!', { type: 'success' });
                void queryClient.invalidateQueries({ queryKey: ['restaurants'], refetchType: 'none' });
                navigate(-1);
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

/**
 * What the detail screen changes, in the API's shape (spec 7: info, status, name, cousine_id). Every
 * field on screen is sent: an emptied optional one (phone, site) is cleared, an emptied required
 * one is refused with its message.
 */
export function detailPayload(data: Partial<RaRecord>) {
  const info = data.info ?? {};
  return {
    name: data.name ?? null,
    status: data.status,
    cousine_id: data.cousine_id ?? null,
    info: {
      cnpj: info.cnpj ?? null,
      company_name: info.company_name ?? null,
      phone: info.phone ?? null,
      site: info.site ?? null,
      address: {
        city: info.address?.city ?? null,
        street: info.address?.street ?? null,
        neighborhood: info.address?.neighborhood ?? null,
        zip_code: info.address?.zip_code ?? null,
      },
      responsible: {
        name: info.responsible?.name ?? null,
        cpf: info.responsible?.cpf ?? null,
        phone: info.responsible?.phone ?? null,
        email: info.responsible?.email ?? null,
      },
    },
  };
}

const checkPayload = zodValidate(storeUpdateInput);
/** The form is checked as it will be sent, so each input shows the spec's message for it. */
const validate = (values: Record<string, unknown>) => checkPayload(detailPayload(values));

const half = { size: { xs: 12, md: 6 } } as const;

/** Spec 2.5: the restaurant detail, editable, with its numbers, bank data and loyalty summary. */
export function RestaurantDetails() {
  const { id } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Edit
      resource="restaurants"
      id={id}
      title="Restaurante"
      mutationMode="pessimistic"
      transform={detailPayload}
      mutationOptions={{
        onSuccess: () => {
          notify('Restaurante atualizado com sucesso!', { type: 'success' });
          // Mark every restaurant list stale: the screen we return to refetches on mount.
          void queryClient.invalidateQueries({ queryKey: ['restaurants'], refetchType: 'none' });
          navigate(-1);
        },
      }}
      actions={false}
      aside={undefined}
    >
      <Box sx={{ p: { xs: 1, md: 2 } }}>
        <Header />
      </Box>
      <SimpleForm toolbar={<DetailToolbar />} validate={validate}>
        <Section title="Dados gerais" />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid {...half}>
            <TextInput source="name" label="Nome fantasia" fullWidth />
          </Grid>
          <Grid {...half}>
            <CnpjInput source="info.cnpj" label="CNPJ" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="info.company_name" label="Razão social" fullWidth />
          </Grid>
          <Grid {...half}>
            <PhoneInput source="info.phone" label="Telefone" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="info.site" label="Site" fullWidth />
          </Grid>
          <Grid {...half}>
            <ReferenceInput
              source="cousine_id"
              reference="cousines"
              perPage={100}
              sort={{ field: 'name', order: 'ASC' }}
            >
              <SelectInput label="Cozinha" optionText="name" fullWidth />
            </ReferenceInput>
          </Grid>
          <Grid {...half}>
            <SelectInput source="status" label="Status" choices={[...storeStatuses]} fullWidth />
          </Grid>
          <Grid {...half}>
            <PartnerSince />
          </Grid>
        </Grid>
        <Section title="Endereço" />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid {...half}>
            <TextInput source="info.address.city" label="Cidade" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="info.address.street" label="Rua" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="info.address.neighborhood" label="Bairro" fullWidth />
          </Grid>
          <Grid {...half}>
            <CepInput source="info.address.zip_code" label="CEP" fullWidth />
          </Grid>
        </Grid>
        <Section title="Responsável legal" />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid {...half}>
            <TextInput source="info.responsible.name" label="Nome completo" fullWidth />
          </Grid>
          <Grid {...half}>
            <CpfInput source="info.responsible.cpf" label="CPF" fullWidth />
          </Grid>
          <Grid {...half}>
            <PhoneInput source="info.responsible.phone" label="Telefone" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="info.responsible.email" label="E-mail" fullWidth />
          </Grid>
        </Grid>
        <Section title="Dados bancários" />
        <BankData />
        <Section title="Programa de fidelidade" />
        <LoyaltySummary />
      </SimpleForm>
    </Edit>
  );
}
