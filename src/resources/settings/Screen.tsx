import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { STORE_MESSAGES, type OwnStore } from './useOwnStore';

/** One section of a settings screen: a card under its heading. */
export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The page's heading, with the buttons of its header. */
export function ScreenHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <>
      <Title title={title} />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mt: 2, mb: 2 }}
      >
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        {actions ? (
          <Stack direction="row" sx={{ gap: 1 }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
    </>
  );
}

/** While the store loads, or why it could not be read. */
export function StoreState({
  own,
  messages = {},
}: {
  own: Exclude<OwnStore, { state: 'ready' }>;
  messages?: Partial<Record<keyof typeof STORE_MESSAGES, string>>;
}) {
  if (own.state === 'loading') return <LinearProgress aria-label="Carregando" />;
  return (
    <Box>
      <Alert severity="error">{messages[own.problem] ?? STORE_MESSAGES[own.problem]}</Alert>
    </Box>
  );
}

/** The store's other roles read its settings; only its managers (and the platform) change them. */
export function ReadOnlyNotice() {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Somente os gerentes do restaurante alteram estas informações.
    </Alert>
  );
}
