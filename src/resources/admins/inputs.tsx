import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** The page's heading under its section, as the spec places the forms ("Permissões"). */
export function SectionHeading({ section, title }: { section: string; title: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {section}
      </Typography>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
    </Box>
  );
}

/** Two inputs side by side on a desk, one under the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 2,
        width: '100%',
        maxWidth: 720,
      }}
    >
      {children}
    </Box>
  );
}
