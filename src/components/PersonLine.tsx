import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Stack, Typography } from '@mui/material';
import { PictureAvatar } from './PictureAvatar';

/**
 * A person as the screens show them: the picture (or the initial), the name, and @username with
 * what follows it (a date, a count). In a row, the name may link to the person's screen (its click
 * opens no row); on the person's own screen, the name is the page's heading.
 */
export function PersonLine({
  picture,
  name,
  username,
  detail,
  size = 36,
  to,
  heading,
}: {
  picture: string | null | undefined;
  name: string;
  username: string;
  detail?: string;
  size?: number;
  to?: string;
  /** The heading's id, which a region may be labelled by. */
  heading?: string;
}) {
  const title =
    heading !== undefined ? (
      <Typography id={heading || undefined} variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
    ) : to ? (
      <Link
        component={RouterLink}
        to={to}
        onClick={(event: MouseEvent) => event.stopPropagation()}
        underline="hover"
        color="inherit"
        sx={{ fontWeight: 600, display: 'inline-block', py: 0.5 }}
      >
        {name}
      </Link>
    ) : (
      <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
        {name}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: heading === undefined ? 1.5 : 2, minWidth: 0 }}>
      <PictureAvatar src={picture} name={name} size={size} />
      <Box component="span" sx={{ minWidth: 0 }}>
        {title}
        <Typography
          component="span"
          variant={heading === undefined ? 'caption' : 'body1'}
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          @{username}
          {detail ? ` · ${detail}` : ''}
        </Typography>
      </Box>
    </Stack>
  );
}
