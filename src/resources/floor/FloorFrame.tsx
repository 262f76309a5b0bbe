import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Card, CircularProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title } from 'react-admin';
import { hallPaths } from './paths';

/** What the floor's pages ask of a control: big enough for a finger. */
export const TOUCH = { minHeight: 48 } as const;

/**
 * A page of the floor (Salão, QR codes): its title and, beside it, its buttons; then what it
 * shows once the tables are read — a spinner before, the spec's message on a failure, and the way
 * to create tables when there are none (`noTables` says what they are for on this page).
 */
export function FloorFrame({
  title,
  actions,
  headerClassName,
  loading,
  failed,
  noTables,
  children,
}: {
  title: string;
  actions: ReactNode;
  /** The header's class (the print layout hides it). */
  headerClassName?: string;
  loading: boolean;
  failed: boolean;
  /** Shown with 'Nenhuma mesa cadastrada.' when the store has no table; null when it has some. */
  noTables: string | null;
  children: ReactNode;
}) {
  return (
    <Box sx={{ pb: 4 }}>
      <Title title={title} />
      <Stack
        className={headerClassName}
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, my: 2 }}
      >
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions}
        </Stack>
      </Stack>
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Carregando as mesas" />
        </Box>
      ) : failed ? (
        <Alert severity="error">Ocorreu um erro ao tentar carregar as informações dessa página</Alert>
      ) : noTables !== null ? (
        <NoTables>{noTables}</NoTables>
      ) : (
        children
      )}
    </Box>
  );
}

/** 'Nenhuma mesa cadastrada.', what tables are for on the page, and the way to create them. */
export function NoTables({ children }: { children: string }) {
  return (
    <Card sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6">Nenhuma mesa cadastrada.</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {children}
      </Typography>
      <CreateTablesLink />
    </Card>
  );
}

export function CreateTablesLink() {
  return (
    <Button component={Link} to={hallPaths.create} variant="contained" startIcon={<AddIcon />} sx={TOUCH}>
      Criar mesas
    </Button>
  );
}
