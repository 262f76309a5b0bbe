import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { Title, useDataProvider, useNotify, usePermissions } from 'react-admin';
import { ADMIN } from '../../authProvider';
import { useApi } from '../../dataProvider/useApi';
import { formatCents, formatDate, formatDateTime, maskCpf, maskPhone } from '../../../contract/lib/format';
import {
  CUSTOMER_LOAD_FAILED,
  CUSTOMER_UPDATED,
  FEEDHUNTER_UPDATE_FAILED,
  customers as definition,
  type CustomerDetail,
} from '../../../contract/resources/customers/definition';
import { genderLabel } from '../../../contract/resources/customers/labels';
import { LastTicketItems } from './LastTicketItems';

export const UPDATE_LABEL = 'ATUALIZAR';

const fieldGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: 2,
} as const;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value || '-'}</Typography>
    </Box>
  );
}

/** The admin-only FeedHunter switch (spec 2.9): the flag is saved only by ATUALIZAR. */
function FeedHunterToggle({ customer, onSaved }: { customer: CustomerDetail; onSaved: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [checked, setChecked] = useState(customer.feedhunter);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChecked(customer.feedhunter), [customer.feedhunter]);

  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.update(definition.name, {
        id: customer.id,
        data: { feedhunter: checked },
        previousData: { id: customer.id, feedhunter: customer.feedhunter },
      });
      notify(CUSTOMER_UPDATED, { type: 'success' });
      onSaved();
    } catch {
      notify(FEEDHUNTER_UPDATE_FAILED, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          FeedHunter
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Switch checked={checked} onChange={(event) => setChecked(event.target.checked)} />}
            label={checked ? 'É FeedHunter' : 'Não é FeedHunter'}
          />
          <Button variant="contained" onClick={save} disabled={saving || checked === customer.feedhunter}>
            {UPDATE_LABEL}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Stats({ stats }: { stats: NonNullable<CustomerDetail['stats']> }) {
  const ticket = stats.lastTicket;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          Estatísticas
        </Typography>
        <Box sx={{ ...fieldGrid, mb: 2 }}>
          <Field label="Visitas" value={stats.visits.toLocaleString('pt-BR')} />
          <Field
            label="Última comanda"
            value={ticket ? formatDateTime(ticket.created_at) : 'Nenhuma comanda'}
          />
          {ticket?.store_name ? <Field label="Restaurante" value={ticket.store_name} /> : null}
          {ticket ? <Field label="Total da comanda" value={formatCents(ticket.total)} /> : null}
        </Box>
        <LastTicketItems items={ticket?.items} />
      </CardContent>
    </Card>
  );
}

/** /customers/list/details/:id (spec 2.9): read-only personal data, stats and the FeedHunter switch. */
export function CustomerDetails() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const { permissions } = usePermissions<string>();
  const { data, isPending, isError, refetch } = useApi<CustomerDetail>(
    `/api/customers/id/${encodeURIComponent(id)}`,
    { include: 'stats' },
    { retry: false },
  );
  useEffect(() => {
    if (isError) notify(CUSTOMER_LOAD_FAILED, { type: 'error' });
  }, [isError, notify]);

  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Carregando" />;
  if (!data) return <Title title={definition.label.one} />;
  return (
    <Stack sx={{ py: 2, gap: 2 }}>
      <Title title={data.fullname} />
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3 }}>
            <Avatar
              src={data.profile_picture ?? undefined}
              alt={data.fullname}
              sx={{ width: 72, height: 72 }}
            >
              {data.fullname.charAt(0)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5">{data.fullname}</Typography>
              <Typography color="text.secondary">@{data.username}</Typography>
            </Box>
          </Stack>
          <Box sx={fieldGrid}>
            <Field label="Nome completo" value={data.fullname} />
            <Field label="Username" value={data.username} />
            <Field label="E-mail" value={data.email} />
            {/* Personal data comes to administrators only; staff's answers leave it out. */}
            {data.info ? (
              <>
                <Field label="Telefone" value={maskPhone(data.phone ?? null)} />
                <Field label="CPF" value={maskCpf(data.cpf ?? null)} />
                <Field label="Gênero" value={genderLabel(data.info.gender)} />
                <Field label="Data de nascimento" value={formatDate(data.info.birthdate)} />
                <Field label="Idade" value={data.age == null ? '' : `${data.age} anos`} />
              </>
            ) : null}
            <Field label="Status" value={data.status === 'ACTIVE' ? 'Ativo' : 'Inativo'} />
            <Field label="Criado em" value={formatDate(data.created_at)} />
          </Box>
        </CardContent>
      </Card>
      {data.stats ? <Stats stats={data.stats} /> : null}
      {permissions === ADMIN ? <FeedHunterToggle customer={data} onSaved={() => void refetch()} /> : null}
    </Stack>
  );
}
