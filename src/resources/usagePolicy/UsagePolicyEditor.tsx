import {
  DataTable,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { Alert, Box, Chip, Typography } from '@mui/material';
import { ExportButton } from '../../components/ExportButton';
import { fieldText } from '../../lib/display';
import { formatDateTime } from '../../../contract/lib/format';
import { GeneratedSingle } from '../../engine/GeneratedForm';
import { defineScreens } from '../../engine/overrides';
import {
  acceptanceFields as fields,
  acceptanceSituations,
  policyFields,
  usagePolicy,
  type AcceptanceRow,
  type AcceptanceSituation,
  type UsagePolicy,
} from '../../../contract/resources/usagePolicy/definition';

const VERSION_HELP =
  'Mude a versão para pedir um novo aceite a todos os restaurantes; uma correção sem mudar a versão mantém os aceites já feitos.';
const TEXT_HELP =
  'Texto simples: deixe uma linha em branco entre os parágrafos e comece com "# " a linha de um título de seção.';

const SITUATION_COLOR: Record<AcceptanceSituation, 'success' | 'warning' | 'default'> = {
  CURRENT: 'success',
  OUTDATED: 'warning',
  PENDING: 'default',
};

function SituationCell() {
  const row = useRecordContext<AcceptanceRow>();
  if (!row) return null;
  return (
    <Chip
      size="small"
      color={SITUATION_COLOR[row.situation]}
      variant={row.situation === 'PENDING' ? 'outlined' : 'filled'}
      label={fieldText(fields.situation, row.situation, row)}
    />
  );
}

/** Who accepted: the account's name, or what is left of an acceptance whose account was removed. */
const acceptedBy = (row: AcceptanceRow) =>
  row.version === null ? '—' : (row.account_name ?? 'Conta removida');

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Buscar restaurante" />,
  <SelectInput
    key="situation"
    source="situation"
    label={fields.situation.label}
    choices={[...acceptanceSituations]}
    alwaysOn
  />,
];

/** Each store with the acceptance that counts (its current version's, else its latest), paged by the server. */
function Acceptances() {
  return (
    <List
      resource={usagePolicy.name}
      title={false}
      disableSyncWithLocation
      perPage={usagePolicy.list.perPage}
      sort={usagePolicy.list.sort}
      filters={filters}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      empty={false}
      // On a tablet the table scrolls inside its card instead of widening the page.
      sx={{
        '& .RaList-main': { boxShadow: 'none', minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
      }}
    >
      <DataTable
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 2 }} color="text.secondary">
            Nenhum restaurante nesta situação.
          </Typography>
        }
      >
        <DataTable.Col source="name" label={fields.name.label} disableSort />
        <DataTable.Col
          source="version"
          label={fields.version.label}
          disableSort
          render={(row: AcceptanceRow) => row.version ?? '—'}
        />
        <DataTable.Col
          source="account_name"
          label={fields.account_name.label}
          disableSort
          render={acceptedBy}
        />
        <DataTable.Col
          source="accepted_at"
          label={fields.accepted_at.label}
          disableSort
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(row: AcceptanceRow) => formatDateTime(row.accepted_at) || '—'}
        />
        <DataTable.Col source="situation" label={fields.situation.label} disableSort>
          <SituationCell />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Above the form, in the terms' context: where they stand (published when, or not yet). */
function Published() {
  const policy = useRecordContext<UsagePolicy>();
  if (!policy) return null;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        Dúvidas
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Termos de uso para estabelecimentos
      </Typography>
      {policy.version ? (
        <Typography variant="body2" color="text.secondary">
          Versão {policy.version} publicada em {formatDateTime(policy.updated_at)}.
        </Typography>
      ) : (
        <Alert severity="info">
          Os termos ainda não foram publicados: os restaurantes os leem e aceitam depois do primeiro Salvar.
        </Alert>
      )}
    </Box>
  );
}

const editor = defineScreens({
  form: {
    single: { read: 'read', save: 'save' },
    title: 'Termos de uso',
    actions: false,
    marked: false,
    maxWidth: 900,
    header: <Published />,
    sections: [{ fields: ['title', 'version', 'text'] }],
    inputs: {
      version: <TextInput source="version" label="Versão" helperText={VERSION_HELP} sx={{ maxWidth: 320 }} />,
      text: (
        <TextInput
          source="text"
          label={policyFields.text.label}
          multiline
          minRows={12}
          maxRows={20}
          helperText={TEXT_HELP}
          fullWidth
        />
      ),
    },
    below: (
      <Box sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          Aceites dos restaurantes
        </Typography>
        <Acceptances />
      </Box>
    ),
  },
});

/**
 * The establishments' terms of use as the platform's administrators publish them (platform spec
 * 9; reached from Dúvidas, beside the privacy text): title, version and text, read and saved at
 * the terms' one path, and below them which store accepted which version, who and when.
 */
export function UsagePolicyEditor() {
  return <GeneratedSingle definition={usagePolicy} overrides={editor} />;
}
