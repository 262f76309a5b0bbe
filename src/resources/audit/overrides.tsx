import { AutocompleteInput, BooleanInput, ReferenceInput, usePermissions, type RaRecord } from 'react-admin';
import { Stack, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { ADMIN } from '../../authProvider';
import { fieldText } from '../../lib/display';
import { formatDateTime } from '../../../contract/lib/format';
import { DayRangeFilter } from '../../engine/DayRangeFilter';
import { defineScreens } from '../../engine/overrides';
import { AUDIT_MESSAGES, auditEvents } from '../../../contract/resources/audit/definition';
import { AuditEventDialog } from './AuditEventDialog';

const text = (field: keyof typeof auditEvents.fields, record: RaRecord) =>
  fieldText(auditEvents.fields[field]!, record[field], record);

const filterInput = { width: { xs: '100%', sm: 240 }, '& .MuiInputBase-root': { minHeight: 44 } } as const;

/** Quem: a member of the team (an administrator: one of the administrators). */
function PersonFilter(_: { source: 'account_id'; alwaysOn: true }) {
  return (
    <ReferenceInput
      source="account_id"
      reference="admins"
      sort={{ field: 'fullname', order: 'ASC' }}
      perPage={200}
    >
      <AutocompleteInput
        label="Quem"
        optionText="fullname"
        filterToQuery={(search) => ({ q: search })}
        helperText={false}
        sx={filterInput}
      />
    </ReferenceInput>
  );
}

/** An administrator's scope: every restaurant and the platform, one restaurant, or the platform alone. */
function StoreFilter(_: { source: 'store_id'; alwaysOn: true }) {
  const { permissions } = usePermissions<string>();
  if (permissions !== ADMIN) return null;
  return (
    <ReferenceInput
      source="store_id"
      reference="restaurants"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={1000}
    >
      <AutocompleteInput
        label="Restaurante"
        optionText="name"
        TextFieldProps={{ placeholder: AUDIT_MESSAGES.chooseStore }}
        helperText={false}
        sx={filterInput}
      />
    </ReferenceInput>
  );
}

function PlatformFilter(_: { source: 'platform'; alwaysOn: true }) {
  const { permissions } = usePermissions<string>();
  if (permissions !== ADMIN) return null;
  return (
    <BooleanInput
      source="platform"
      label={AUDIT_MESSAGES.platform}
      helperText={false}
      sx={{ minHeight: 44 }}
    />
  );
}

function NothingYet() {
  return (
    <Stack
      sx={{ alignItems: 'center', textAlign: 'center', gap: 2, py: 8, px: 2, mx: 'auto', maxWidth: 480 }}
    >
      <HistoryIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6">{AUDIT_MESSAGES.empty}</Typography>
      <Typography variant="body2" color="text.secondary">
        Cada alteração feita no Painel aparece aqui: quem fez, quando, o que mudou e o motivo.
      </Typography>
    </Stack>
  );
}

/**
 * Histórico (/audit-events): the store's trail, newest first, 25 a page, filtered by who, what,
 * where and the period, with Exportar (CSV); a row opens the change, field by field. Staff see
 * their store's (the roles that hold "Histórico"); administrators every store's and the
 * platform's, or one restaurant's.
 */
export default defineScreens({
  list: {
    filters: [
      <DayRangeFilter key="start_at" source="start_at" alwaysOn />,
      <PersonFilter key="account_id" source="account_id" alwaysOn />,
      <StoreFilter key="store_id" source="store_id" alwaysOn />,
      <PlatformFilter key="platform" source="platform" alwaysOn />,
    ],
    cells: {
      actor: (record) => String(record.actor ?? 'Sistema'),
      summary: (record) => String(record.summary ?? ''),
      reason: (record) => String(record.reason ?? ''),
    },
    empty: <NothingYet />,
    noRows: <NothingYet />,
    rowClick: false,
    rowDialog: (record, close) => <AuditEventDialog id={record.id as number} onClose={close} />,
    compact: {
      primary: (record) => `${text('action', record)} · ${text('resource', record)}`,
      secondary: (record) =>
        [formatDateTime(record.at as string), record.actor ?? 'Sistema'].filter(Boolean).join(' · '),
      tertiary: (record) => String(record.reason ? `Motivo: ${record.reason}` : (record.summary ?? '')),
    },
  },
});
