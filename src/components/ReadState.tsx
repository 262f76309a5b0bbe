import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { GENERIC_ERROR } from '../dataProvider/httpClient';

/**
 * What a dialog shows while its record is read (a spinner named for it), or when reading failed
 * (the app's message, with a way to try again); nothing otherwise.
 */
export function ReadState({
  isPending,
  isError,
  retry,
  loading,
}: {
  isPending: boolean;
  isError: boolean;
  retry: () => void;
  /** The spinner's name: 'Carregando a comanda'. */
  loading: string;
}) {
  if (isPending) {
    return (
      <Stack sx={{ alignItems: 'center', gap: 1, py: 4 }}>
        <CircularProgress aria-label={loading} />
      </Stack>
    );
  }
  if (!isError) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={retry} sx={{ minHeight: 44 }}>
          Tentar novamente
        </Button>
      }
    >
      {GENERIC_ERROR}
    </Alert>
  );
}
