import { useId, type ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { ReadState } from './ReadState';
import type { ScrollRegionProps } from './scrollRegion';

/**
 * A dialog that only shows a record: its title, a line under it (`head`), what it shows once
 * read (`children`; until then the reading's spinner or error), a line above the button (`foot`)
 * and a Fechar button. Full screen on a phone; the content scrolls between title and button.
 */
export function RecordDialog({
  title,
  head,
  foot,
  children,
  read,
  loading,
  region,
  maxWidth = 'sm',
  onClose,
}: {
  title: ReactNode;
  head?: ReactNode;
  foot?: ReactNode;
  /** The record's content; nothing while it is read. */
  children?: ReactNode;
  read: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The spinner's name: 'Carregando a comanda'. */
  loading: string;
  /** Makes the content a keyboard-scrollable region (`useScrollRegion`). */
  region?: { ref: (node: HTMLDivElement | null) => void; props: ScrollRegionProps };
  maxWidth?: 'sm' | 'md';
  onClose: () => void;
}) {
  const titleId = useId();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      scroll="paper"
      aria-labelledby={titleId}
    >
      <DialogTitle
        id={titleId}
        component="h2"
        variant="h5"
        sx={{ fontWeight: 800, pb: head ? 0.5 : undefined }}
      >
        {title}
      </DialogTitle>
      {head ? <Box sx={{ px: 3, pb: 2 }}>{head}</Box> : null}
      <DialogContent dividers ref={region?.ref} {...region?.props}>
        {children ?? (
          <ReadState
            isPending={read.isPending}
            isError={read.isError}
            retry={() => void read.refetch()}
            loading={loading}
          />
        )}
      </DialogContent>
      {foot ? (
        <>
          <Box sx={{ px: 3, py: 1.5 }}>{foot}</Box>
          <Divider />
        </>
      ) : null}
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 44, minWidth: 120 }}>
          Fechar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
