import {
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useResourceContext,
  useUpdate,
} from 'react-admin';
import { Switch } from '@mui/material';

/**
 * A switch in a list row that PATCHes one boolean field of its record (`{ [source]: value }`)
 * and shows the notice for the new state; the list refreshes from the server's answer.
 */
export function RecordToggle({
  source,
  label,
  notices,
}: {
  source: string;
  /** Read by screen readers with the record's name: "Ativo BEMVINDO15". */
  label: string;
  notices: { on: string; off: string };
}) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const representation = useGetRecordRepresentation(resource);
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const name = representation(record);
  return (
    <Switch
      checked={Boolean(record[source])}
      disabled={isPending}
      // A row may open its record on click; the switch only switches.
      onClick={(event) => event.stopPropagation()}
      onChange={(_, checked) =>
        update(
          resource,
          { id: record.id, data: { [source]: checked }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(checked ? notices.on : notices.off, { type: 'success' }),
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        )
      }
      slotProps={{ input: { 'aria-label': typeof name === 'string' ? `${label} ${name}` : label } }}
    />
  );
}
