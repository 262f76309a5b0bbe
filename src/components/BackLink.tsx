import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, type SxProps, type Theme } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** The outlined way back to another screen, its arrow first. */
export function BackLink({ to, sx, children }: { to: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="outlined" startIcon={<ArrowBackIcon />} sx={sx}>
      {children}
    </Button>
  );
}
