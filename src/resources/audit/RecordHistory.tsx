import { useState } from 'react';
import { useGetList } from 'react-admin';
import { Alert, Box, ButtonBase, LinearProgress, Stack, Typography } from '@mui/material';
import { useWorkPlace } from '../../authProvider/workPlace';
import { formatDateTime } from '../../../contract/lib/format';
import { choiceLabel } from '../../../contract/define';
import { AuditEventDialog } from './AuditEventDialog';
import { AUDIT_MESSAGES, auditEvents, type AuditRow } from '../../../contract/resources/audit/definition';

const SHOWN = 20;

/**
 * A record's Histórico: the latest rows of the trail that changed it (`subject`, as `orders:12`), or
 * that a person did or that changed them (`person`, an account's id), newest first; each opens
 * the change, field by field. Shown to the roles that hold "Histórico" only (nothing is asked of
 * the API otherwise).
 */
export function RecordHistory({
  subject,
  person,
  storeId,
  title = 'Histórico',
  version,
}: {
  subject?: string;
  person?: number;
  /** An administrator's restaurant (staff always read their own). */
  storeId?: number | null;
  title?: string;
  /**
   * What the record looks like now, when it changes under an open screen (a tab on the floor): a
   * new value reads the history again, so what was just done shows in it.
   */
  version?: string;
}) {
  const { holds, known } = useWorkPlace();
  const allowed = known && holds('audit');
  const [open, setOpen] = useState<number | null>(null);
  const { data, total, isPending, error } = useGetList<AuditRow>(
    auditEvents.name,
    {
      pagination: { page: 1, perPage: SHOWN },
      sort: { field: 'at', order: 'DESC' },
      filter: {
        ...(subject ? { subject } : {}),
        ...(person ? { person } : {}),
        ...(storeId ? { store_id: storeId } : {}),
      },
      // Not sent: it only keys the read, so that a changed record reads its history again.
      meta: { version },
    },
    { enabled: allowed },
  );
  if (!allowed) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {isPending ? (
        <LinearProgress aria-label="Carregando o histórico" />
      ) : error ? (
        <Alert severity="error">{(error as Error).message}</Alert>
      ) : !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {AUDIT_MESSAGES.empty}
        </Typography>
      ) : (
        <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.map((row) => (
            <li key={row.id}>
              <ButtonBase
                onClick={() => setOpen(row.id)}
                sx={{
                  width: '100%',
                  minHeight: 48,
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  px: 1,
                  py: 0.75,
                  borderRadius: 1,
                  '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                }}
              >
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {choiceLabel(auditEvents.fields.action!, row.action)} ·{' '}
                    {choiceLabel(auditEvents.fields.resource!, row.resource)}
                    {row.summary ? ` — ${row.summary}` : ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {formatDateTime(row.at)} · {row.actor ?? 'Sistema'}
                    {row.reason ? ` · Motivo: ${row.reason}` : ''}
                  </Typography>
                </Box>
              </ButtonBase>
            </li>
          ))}
          {total !== undefined && total > SHOWN ? (
            <Typography component="li" variant="caption" color="text.secondary" sx={{ px: 1 }}>
              Mostrando os {SHOWN} mais recentes de {total}.
            </Typography>
          ) : null}
        </Stack>
      )}
      {open !== null ? <AuditEventDialog id={open} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
