import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useNotify, usePermissions } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  GlobalStyles,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { MANAGER } from '../../authProvider';
import { httpClient } from '../../dataProvider/httpClient';
import { useApi } from '../../dataProvider/useApi';
import { printFrame } from '../../lib/printFrame';
import { formatDate, formatDateTime } from '../../../contract/lib/format';
import {
  USAGE_POLICY_ACCEPTED,
  USAGE_POLICY_NOT_PUBLISHED,
  usagePolicyPaths,
  type UsagePolicy,
} from '../../../contract/resources/usagePolicy/definition';
import { PolicyText } from './PolicyText';

// The key useApi reads the terms under: an acceptance's answer replaces them at once.
const READ_KEY = ['api', usagePolicyPaths.read, undefined];

/** Touch targets of a tablet at the counter. */
const TOUCH = { minHeight: 48 } as const;

/**
 * On paper: the terms alone, black on white; the app bar, the side menu, the notices and the
 * buttons stay on screen.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        ...printFrame('.usage-policy-no-print'),
        '.usage-policy-sheet': {
          background: '#fff !important',
          boxShadow: 'none !important',
          border: 'none !important',
        },
        '.usage-policy-sheet, .usage-policy-sheet *': { color: '#000 !important' },
        // The acceptance, on paper too: a plain outlined line, not the screen's dark notice.
        '.usage-policy-sheet .MuiAlert-root': {
          background: '#fff !important',
          border: '1px solid #000',
        },
        '.usage-policy-text': { maxWidth: 'none !important' },
        '.usage-policy-text h3': { breakAfter: 'avoid', pageBreakAfter: 'avoid' },
        '.usage-policy-text p': { orphans: 3, widows: 3 },
      },
    }}
  />
);

const who = (name: string | null) => name ?? 'uma conta que já foi removida';

/** Where the store stands with the version shown: accepted, or waiting for a manager. */
function AcceptanceStatus({ policy, manager }: { policy: UsagePolicy; manager: boolean }) {
  const { acceptance, version } = policy;
  if (acceptance && acceptance.version === version) {
    return (
      <Alert severity="success" sx={{ mb: 3 }}>
        Termos aceitos por {who(acceptance.account_name)} em {formatDateTime(acceptance.accepted_at)} (versão{' '}
        {acceptance.version}).
      </Alert>
    );
  }
  return (
    <Alert severity="warning" className="usage-policy-no-print" sx={{ mb: 3 }}>
      O restaurante ainda não aceitou a versão {version} destes termos.
      {acceptance
        ? ` A versão ${acceptance.version} foi aceita por ${who(acceptance.account_name)} em ${formatDateTime(acceptance.accepted_at)}.`
        : ''}{' '}
      {manager
        ? 'Leia os termos e confirme o aceite no final da página.'
        : 'O aceite é feito por um gerente do restaurante.'}
    </Alert>
  );
}

/**
 * Política de uso (/usage-policies, restaurant spec 1 and 2): the establishments' terms of use as
 * the platform published them, to read, print and — for the store's managers — accept. Once the
 * store accepted the version shown, who accepted it and when is shown instead of the button.
 */
export function UsagePolicyPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions: role } = usePermissions<string>();
  const manager = role === MANAGER;
  const policy = useApi<UsagePolicy>(usagePolicyPaths.read);
  const accept = useMutation({
    mutationFn: async (version: string) =>
      (
        (await httpClient(usagePolicyPaths.accept, { method: 'POST', body: { version } })) as {
          data: UsagePolicy;
        }
      ).data,
    onSuccess: (accepted) => {
      queryClient.setQueryData(READ_KEY, accepted);
      notify(USAGE_POLICY_ACCEPTED, { type: 'success' });
    },
    onError: (error: Error) => {
      notify(error.message, { type: 'error' });
      // The terms may have changed meanwhile: show the version there is to accept now.
      void policy.refetch();
    },
  });

  const data = policy.data;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Política de uso" />
      {printStyles}
      {policy.isPending ? (
        <Loading />
      ) : policy.isError ? (
        <Alert severity="error">{policy.error.message}</Alert>
      ) : !data?.version ? (
        <Alert severity="info">{USAGE_POLICY_NOT_PUBLISHED}</Alert>
      ) : (
        <>
          <Box
            className="usage-policy-no-print"
            sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2 }}
          >
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()} sx={TOUCH}>
              Imprimir
            </Button>
          </Box>
          <Card component="article" className="usage-policy-sheet" aria-labelledby="usage-policy-title">
            <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
              <Typography variant="overline" color="text.secondary" component="p">
                Versão {data.version} · Atualizada em {formatDate(data.updated_at)}
              </Typography>
              <Typography id="usage-policy-title" variant="h5" component="h2" sx={{ mb: 2 }}>
                {data.title}
              </Typography>
              <AcceptanceStatus policy={data} manager={manager} />
              <PolicyText text={data.text} />
              {manager && data.acceptance?.version !== data.version ? (
                <Box className="usage-policy-no-print" sx={{ mt: 4 }}>
                  <Button
                    variant="contained"
                    size="large"
                    startIcon={
                      accept.isPending ? <CircularProgress size={20} color="inherit" /> : <TaskAltIcon />
                    }
                    disabled={accept.isPending}
                    onClick={() => accept.mutate(data.version!)}
                    sx={TOUCH}
                  >
                    Li e aceito os termos de uso
                  </Button>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    O aceite vale para todo o restaurante e fica registrado com o seu nome, a data e a versão{' '}
                    {data.version}.
                  </Typography>
                </Box>
              ) : null}
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}
