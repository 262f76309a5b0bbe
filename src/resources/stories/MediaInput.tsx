import { useRef, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import ImageIcon from '@mui/icons-material/Image';
import MovieIcon from '@mui/icons-material/Movie';
import { InputHelperText, useInput, useNotify } from 'react-admin';
import { PICK_BOX } from '../../components/ImagePicker';
import { UploadError, uploadFile } from '../../dataProvider/upload';
import type { MediaType } from '../../../contract/resources/stories/definition';

const VIDEO_ONLY_MP4 = 'Escolha um vídeo MP4.';
const IMAGE_ONLY = 'Escolha uma imagem.';

const isMp4 = (file: File) => file.type === 'video/mp4' || (!file.type && /\.mp4$/i.test(file.name));

/** One file of the post: pick (a single file), upload, preview, remove. */
function FilePicker({ kind }: { kind: MediaType }) {
  const source = kind === 'PHOTO' ? 'image_url' : 'video_url';
  const label = kind === 'PHOTO' ? 'Imagem do post' : 'Vídeo do post';
  const { field, fieldState, formState } = useInput({ source });
  const invalid = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  const url = typeof field.value === 'string' && field.value ? field.value : null;

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // The spec: any image (converted to webp on the way), video mp4 only.
    if (kind === 'VIDEO' ? !isMp4(file) : !file.type.startsWith('image/')) {
      notify(kind === 'VIDEO' ? VIDEO_ONLY_MP4 : IMAGE_ONLY, { type: 'warning' });
      return;
    }
    setBusy(true);
    setDetail(null);
    try {
      field.onChange(await uploadFile(file, { folder: kind === 'PHOTO' ? 'images' : 'videos' }));
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setDetail(error instanceof UploadError ? (error.detail ?? null) : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Box
        sx={{
          ...PICK_BOX,
          width: '100%',
          maxWidth: 360,
          aspectRatio: '4 / 5',
          borderColor: invalid ? 'error.main' : 'divider',
        }}
      >
        {busy ? (
          <Stack sx={{ alignItems: 'center', gap: 1 }}>
            <CircularProgress size={28} />
            <Typography variant="caption">Enviando…</Typography>
          </Stack>
        ) : url ? (
          <>
            {kind === 'PHOTO' ? (
              <Box
                component="img"
                src={url}
                alt={label}
                sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
              />
            ) : (
              <Box
                component="video"
                src={url}
                controls
                preload="metadata"
                aria-label={label}
                sx={{ width: '100%', height: '100%', objectFit: 'contain', bgcolor: 'common.black' }}
              />
            )}
            <IconButton
              aria-label={`Remover ${label.toLowerCase()}`}
              size="small"
              onClick={() => field.onChange(null)}
              sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(0,0,0,0.6)' }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        ) : (
          <Button
            startIcon={kind === 'PHOTO' ? <AddPhotoAlternateIcon /> : <VideoCallIcon />}
            onClick={() => input.current?.click()}
          >
            {kind === 'PHOTO' ? 'Escolher imagem' : 'Escolher vídeo MP4'}
          </Button>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        accept={kind === 'PHOTO' ? 'image/*' : 'video/mp4,.mp4'}
        aria-label={label}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {url && !busy ? (
        <Button size="small" sx={{ mt: 0.5 }} onClick={() => input.current?.click()}>
          Trocar {kind === 'PHOTO' ? 'imagem' : 'vídeo'}
        </Button>
      ) : null}
      <FormHelperText error={invalid || detail !== null}>
        <InputHelperText
          error={invalid ? fieldState.error?.message : undefined}
          helperText={
            detail ?? (kind === 'PHOTO' ? 'Qualquer imagem; enviada como WebP.' : 'Somente MP4, até 50 MB.')
          }
        />
      </FormHelperText>
    </Box>
  );
}

/** The image/video toggle and the file of the chosen kind (spec 2.14). */
export function MediaInput() {
  const { field } = useInput({ source: 'media_type', defaultValue: 'PHOTO' });
  const kind: MediaType = field.value === 'VIDEO' ? 'VIDEO' : 'PHOTO';
  return (
    <Stack sx={{ gap: 1.5 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        onChange={(_, next: MediaType | null) => next && field.onChange(next)}
        aria-label="Tipo de mídia"
      >
        <ToggleButton value="PHOTO" aria-label="Imagem">
          <ImageIcon fontSize="small" sx={{ mr: 1 }} />
          Imagem
        </ToggleButton>
        <ToggleButton value="VIDEO" aria-label="Vídeo">
          <MovieIcon fontSize="small" sx={{ mr: 1 }} />
          Vídeo
        </ToggleButton>
      </ToggleButtonGroup>
      <FilePicker key={kind} kind={kind} />
    </Stack>
  );
}
