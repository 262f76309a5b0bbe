import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, type SxProps, type Theme } from '@mui/material';
import { qrSvg } from './qr';

/**
 * A QR code on a white box: the code's SVG as an image, generated once per text and kept for the
 * session; `failed` when it cannot be drawn, `pending` while it is.
 */
export function QrImage({
  text,
  alt,
  failed,
  pending,
  className,
  sx,
}: {
  text: string;
  alt: string;
  failed: ReactNode;
  pending: ReactNode;
  className?: string;
  sx?: SxProps<Theme>;
}) {
  const { data: image, isError } = useQuery({
    queryKey: ['qrImage', text],
    queryFn: async () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await qrSvg(text))}`,
    staleTime: Infinity,
  });
  return (
    <Box
      className={className}
      sx={[{ bgcolor: '#fff', borderRadius: 1, overflow: 'hidden' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {image ? (
        <Box component="img" src={image} alt={alt} sx={{ display: 'block', width: '100%', height: '100%' }} />
      ) : isError ? (
        failed
      ) : (
        pending
      )}
    </Box>
  );
}
