import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DataTable,
  Form,
  List,
  Loading,
  Pagination,
  SaveButton,
  SearchInput,
  SelectInput,
  TextInput,
  Title,
  TopToolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Alert, Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { ExportButton } from '../../components/ExportButton';
import { httpClient } from '../../dataProvider/httpClient';
import { useApi } from '../../dataProvider/useApi';
import { fieldText } from '../../lib/display';
import { formatDateTime } from '../../../contract/lib/format';
import { zodValidate } from '../../lib/zodForm';
import {
  acceptanceFields as fields,
  acceptanceSituations,
  USAGE_POLICY_SAVED,
  usagePolicy,
  usagePolicyInput,
  usagePolicyPaths,
  type AcceptanceRow,
  type AcceptanceSituation,
  type UsagePolicy,
  type UsagePolicyInput,
} from '../../../contract/resources/usagePolicy/definition';

const validate = zodValidate(usagePolicyInput);

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

/**
 * The establishments' terms of use as the platform's administrators publish them (platform spec
 * 9; reached from Dúvidas, beside the privacy text): title, version and text, and below them which
 * store accepted which version, who and when.
 */
export function UsagePolicyEditor() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const current = useApi<UsagePolicy>(usagePolicyPaths.read);
  const save = useMutation({
    mutationFn: async (values: UsagePolicyInput) =>
      ((await httpClient(usagePolicyPaths.save, { method: 'PATCH', body: values })) as { data: UsagePolicy })
        .data,
    onSuccess: (saved) => {
      queryClient.setQueryData(['api', usagePolicyPaths.read, undefined], saved);
      // A new version changes every store's situation.
      void queryClient.invalidateQueries({ queryKey: [usagePolicy.name] });
      notify(USAGE_POLICY_SAVED, { type: 'success' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  return (
    <Box
      sx={{
        mt: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minWidth: 0,
        '& > .MuiCard-root': { minWidth: 0 },
      }}
    >
      <Title title="Termos de uso" />
      <Card>
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="p">
            Dúvidas
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Termos de uso para estabelecimentos
          </Typography>
          {current.isPending ? (
            <Loading />
          ) : current.isError ? (
            <Alert severity="error">{current.error.message}</Alert>
          ) : (
            <>
              {current.data.version ? (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  Versão {current.data.version} publicada em {formatDateTime(current.data.updated_at)}.
                </Typography>
              ) : (
                <Alert severity="info" sx={{ mb: 2 }}>
                  Os termos ainda não foram publicados: os restaurantes os leem e aceitam depois do primeiro
                  Salvar.
                </Alert>
              )}
              <Form
                noValidate
                validate={validate}
                record={current.data}
                onSubmit={(values: FieldValues) =>
                  save.mutate({
                    title: values.title as string,
                    version: values.version as string,
                    text: values.text as string,
                  })
                }
              >
                <Box sx={{ display: 'flex', flexDirection: 'column', maxWidth: 900 }}>
                  <TextInput source="title" label="Título" />
                  <TextInput
                    source="version"
                    label="Versão"
                    helperText={VERSION_HELP}
                    sx={{ maxWidth: 320 }}
                  />
                  <TextInput
                    source="text"
                    label="Texto"
                    multiline
                    minRows={12}
                    maxRows={20}
                    helperText={TEXT_HELP}
                  />
                  <SaveButton
                    label="Salvar"
                    alwaysEnable
                    disabled={save.isPending}
                    sx={{ alignSelf: 'flex-start', minHeight: 44 }}
                  />
                </Box>
              </Form>
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Aceites dos restaurantes
          </Typography>
          <Acceptances />
        </CardContent>
      </Card>
    </Box>
  );
}
