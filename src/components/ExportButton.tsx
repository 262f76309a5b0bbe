import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useNotify, useTranslate, type SortPayload } from 'react-admin';
import type { PainelDataProvider } from '../dataProvider';
import { saveFile } from '../dataProvider/saveFile';

/**
 * Exportar: a list as CSV, streamed by the server with the filters, search and order given (a
 * million rows are never held by the page as records), saved as the file the server names.
 */
export function ExportFileButton({
  resource,
  sort,
  filter,
  disabled = false,
}: {
  resource: string;
  sort?: SortPayload;
  filter?: Record<string, unknown>;
  disabled?: boolean;
}) {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await dataProvider.exportList(resource, { sort, filter });
      saveFile(blob, filename);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy || disabled} onClick={run}>
      {translate('ra.action.export')}
    </Button>
  );
}

/**
 * Exportar for the list around it: what the screen shows, whole. `filter` is the list's permanent
 * filter (the restaurant chosen), which its filter values do not carry.
 */
export function ExportButton({ filter }: { filter?: Record<string, unknown> }) {
  const { resource, sort, filterValues, total } = useListContext();
  return (
    <ExportFileButton
      resource={resource}
      sort={sort}
      filter={{ ...filterValues, ...filter }}
      disabled={total === 0}
    />
  );
}
