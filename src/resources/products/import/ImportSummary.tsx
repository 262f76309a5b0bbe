import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { IMPORT_MESSAGES } from '../../../../contract/resources/integrations/definition';
import type { ImportTotals } from './catalog';

/** The categories the import made: the spec's 'Categoria criada' for one. */
const categoriesMade = (n: number) => (n === 1 ? IMPORT_MESSAGES.categoryCreated : `${n} categorias criadas`);

/** What an import did: created, linked, skipped as already imported, and each failure with its reason. */
export function ImportSummary({ title, totals }: { title: string; totals: ImportTotals }) {
  const failed = totals.failed.length;
  return (
    <Alert severity={failed > 0 ? 'warning' : 'success'} role="status" sx={{ mb: 2 }} aria-label={title}>
      <AlertTitle>{title}</AlertTitle>
      {totals.categories > 0 ? (
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {categoriesMade(totals.categories)}
        </Typography>
      ) : null}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, width: 'fit-content' }}
      >
        <dt>Criados</dt>
        <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {totals.created}
        </Box>
        <dt>Vinculados</dt>
        <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {totals.linked}
        </Box>
        <dt>Ignorados por já importados</dt>
        <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {totals.skipped}
        </Box>
        <dt>Falhas</dt>
        <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {failed}
        </Box>
      </Box>
      {failed > 0 ? (
        <Box component="ul" aria-label="Falhas" sx={{ mt: 1, mb: 0, pl: 3 }}>
          {totals.failed.map((failure) => (
            <Typography component="li" variant="body2" key={`${failure.code}-${failure.reason}`}>
              {failure.name} ({failure.code}): {failure.reason}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
