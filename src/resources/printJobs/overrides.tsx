import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Chip, Stack } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useState } from 'react';
import type { PainelDataProvider } from '../../dataProvider';
import { defineScreens } from '../../engine/overrides';
import {
  PRINT_JOB_MESSAGES,
  PRINT_JOB_STATUSES,
  type PrintJob,
} from '../../../contract/resources/printing/definition';

const COLOR: Record<PrintJob['status'], 'default' | 'info' | 'success' | 'error'> = {
  PENDING: 'default',
  SENDING: 'info',
  PRINTED: 'success',
  FAILED: 'error',
};

/** The job's state at a glance, and 'Reimprimir' (a new job, marked as a reprint, in the audit trail). */
function StatusCell() {
  const record = useRecordContext<PrintJob>();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const reprint = async () => {
    setBusy(true);
    try {
      await dataProvider.action('print-jobs', { id: record.id, action: 'reprint' });
      notify(PRINT_JOB_MESSAGES.reprinted, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center' }}
      onClick={(event) => event.stopPropagation()}
    >
      <Chip
        size="small"
        color={COLOR[record.status]}
        label={PRINT_JOB_STATUSES.find((status) => status.id === record.status)?.name ?? record.status}
      />
      {record.status === 'PRINTED' || record.status === 'FAILED' ? (
        <Button
          label="Reimprimir"
          startIcon={<PrintIcon />}
          disabled={busy}
          onClick={() => void reprint()}
          sx={{ minHeight: 44 }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * Impressões: what the store printed (the kitchen tickets of each send, the pre-bills sent to a
 * printer), newest first, with where each came out, why one did not, and 'Reimprimir'.
 */
export default defineScreens({
  list: {
    cells: { status: <StatusCell /> },
  },
});
