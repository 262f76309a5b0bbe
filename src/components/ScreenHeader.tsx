import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** A hand-made page's heading (its title, also the app bar's), with the buttons of its header. */
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
