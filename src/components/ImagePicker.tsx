import { useRef, useState } from 'react';
import { Box, Button, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useInput, useNotify } from 'react-admin';
import { deleteFile, uploadFailureText, uploadFile } from '../dataProvider/upload';
import type { AspectRatio } from '../lib/image';

export interface ImagePickerProps {
  source: string;
  label: string;
  /** What the user may pick: the spec asks png for logos and jpeg/jpg for the home photo. */
  accept: 'png' | 'jpeg' | 'image';
  /** Crop to 1:1 or 4:5 before sending; without it the image is only fitted in 1000×1000. */
  ratio?: AspectRatio;
  hint?: string;
}

const TYPES = {
  png: { mime: ['image/png'], extensions: '.png', message: 'Escolha uma imagem PNG.' },
  jpeg: {
    mime: ['image/jpeg'],
    extensions: '.jpg,.jpeg',
    message: 'Escolha uma imagem JPEG (.jpg ou .jpeg).',
  },
  image: {
    mime: ['image/png', 'image/jpeg', 'image/webp'],
    extensions: '.png,.jpg,.jpeg,.webp',
    message: 'Escolha uma imagem PNG, JPEG ou WebP.',
  },
} as const;

const HINTS = { png: 'PNG', jpeg: 'JPEG', image: 'PNG, JPEG ou WebP' } as const;

/** The dashed box a picked image or video shows in, centred, or the button to pick one. */
export const PICK_BOX = {
  position: 'relative',
  borderRadius: 2,
  border: '1px dashed',
  borderColor: 'divider',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  bgcolor: 'background.default',
} as const;

/**
 * One image of a form: pick, preview, remove. The file is converted to webp, cropped to the ratio
 * when one is given, resized to fit 1000×1000 and stored as soon as it is picked; the form keeps
 * its URL.
 */
export function ImagePicker({ source, label, accept, ratio, hint }: ImagePickerProps) {
  const { field } = useInput({ source });
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const type = TYPES[accept];
  const url = typeof field.value === 'string' && field.value ? field.value : null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!(type.mime as readonly string[]).includes(file.type)) {
      notify(type.message, { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      field.onChange(await uploadFile(file, { folder: 'images', ratio }));
    } catch (error) {
      notify(uploadFailureText(error), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    if (!url) return;
    field.onChange('');
    try {
      await deleteFile(url);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Box sx={{ width: 200 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ ...PICK_BOX, width: 200, height: 150 }}>
        {busy ? (
          <CircularProgress size={28} />
        ) : url ? (
          <>
            <Box
              component="img"
              src={url}
              alt={label}
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
            <IconButton
              aria-label={`Remover ${label}`}
              size="small"
              onClick={remove}
              sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(0,0,0,0.6)' }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        ) : (
          <Button startIcon={<AddPhotoAlternateIcon />} onClick={() => input.current?.click()}>
            Escolher
          </Button>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        accept={`${type.mime.join(',')},${type.extensions}`}
        aria-label={label}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      <Stack sx={{ mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {hint ?? HINTS[accept]}
        </Typography>
      </Stack>
    </Box>
  );
}
