import { RecordDialog } from '../../components/RecordDialog';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useApi } from '../../dataProvider/useApi';
import { formatDateTime } from '../../../contract/lib/format';
import { choiceLabel, recordPath } from '../../../contract/define';
import { auditEvents, type AuditEvent } from '../../../contract/resources/audit/definition';
import { changeTitle, fieldLabel, valueText } from './changes';

type Change = AuditEvent['changes'][number];

function ChangeTable({ change }: { change: Change }) {
  if (change.more !== undefined) {
    return (
      <Typography variant="body2" color="text.secondary">
        E mais {change.more} registros alterados.
      </Typography>
    );
  }
  const fields = [...new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})])];
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {changeTitle(change)}
      </Typography>
      {fields.length > 0 ? (
        <Table size="small" aria-label={changeTitle(change)}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Campo
              </TableCell>
              {change.op !== 'I' ? (
                <TableCell component="th" scope="col">
                  Antes
                </TableCell>
              ) : null}
              {change.op !== 'D' ? (
                <TableCell component="th" scope="col">
                  Depois
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field) => (
              <TableRow key={field}>
                <TableCell component="th" scope="row">
                  {fieldLabel(field)}
                </TableCell>
                {change.op !== 'I' ? <TableCell>{valueText(field, change.before?.[field])}</TableCell> : null}
                {change.op !== 'D' ? <TableCell>{valueText(field, change.after?.[field])}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}

/**
 * One row of the trail: who, when, where from, what and why, then every row the write changed,
 * field by field, before and after; and its place in the store's chain.
 */
export function AuditEventDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const read = useApi<AuditEvent>(recordPath(auditEvents.endpoint, id));
  const event = read.data;
  const title = event
    ? `${choiceLabel(auditEvents.fields.action!, event.action)} · ${choiceLabel(auditEvents.fields.resource!, event.resource)}`
    : 'Registro do histórico';
  return (
    <RecordDialog title={title} read={read} loading="Carregando o registro" maxWidth="md" onClose={onClose}>
      {event && (
        <>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mb: 2,
            }}
          >
            {[
              ['Quando', formatDateTime(event.at)],
              ['Quem', event.actor ?? 'Sistema'],
              [
                'Restaurante',
                event.store_name ?? (event.store_id === null ? 'Plataforma' : `nº ${event.store_id}`),
              ],
              ['Registro', event.record_id ?? '—'],
              ['Resumo', event.summary ?? '—'],
              ['Motivo', event.reason ?? '—'],
              ['Endereço IP', event.address ?? '—'],
            ].map(([term, detail]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {term}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {detail}
                </Typography>
              </Box>
            ))}
          </Box>
          {event.changes.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nenhum dado alterado.
            </Typography>
          ) : (
            event.changes.map((change, index) => <ChangeTable key={index} change={change} />)
          )}
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', mt: 2, overflowWrap: 'anywhere' }}
          >
            Cadeia {event.chain}, registro nº {event.seq} · {event.hash}
          </Typography>
        </>
      )}
    </RecordDialog>
  );
}
