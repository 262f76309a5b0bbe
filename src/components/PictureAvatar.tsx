import { useState } from 'react';
import { Avatar, type SxProps, type Theme } from '@mui/material';

/**
 * A person's picture in a round frame, or the first letter of their name. Unlike MUI's Avatar
 * with `src`, which starts loading every picture of a 200-row page at once (a request each,
 * before the rows are even painted), the picture is an <img> the browser loads lazily: only
 * the rows on screen, after the page is painted, decoded off the main thread.
 */
export function PictureAvatar({
  src,
  name,
  size = 40,
  sx,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
  sx?: SxProps<Theme>;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : null;
  return (
    <Avatar sx={{ width: size, height: size, ...sx }}>
      {shown ? (
        <img
          src={shown}
          alt=""
          loading="lazy"
          decoding="async"
          width={size}
          height={size}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          onError={() => setFailed(shown)}
        />
      ) : (
        name.charAt(0)
      )}
    </Avatar>
  );
}
