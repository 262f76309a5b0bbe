import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  FormLabel,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import BlockIcon from '@mui/icons-material/Block';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import CloseIcon from '@mui/icons-material/Close';
import LocalDrinkIcon from '@mui/icons-material/LocalDrink';
import SportsBarIcon from '@mui/icons-material/SportsBar';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import BlenderIcon from '@mui/icons-material/Blender';
import WineBarIcon from '@mui/icons-material/WineBar';
import { useInput, useNotify } from 'react-admin';
import { deleteFile, uploadFailureText, uploadFile } from '../../dataProvider/upload';
import type { AspectRatio } from '../../lib/image';
import { productIcons, products } from '../../../contract/resources/products/definition';

/** Square or portrait (4:5) images; the choice crops the images as they are added. */
export function AspectRatioInput() {
  const { field } = useInput({ source: 'image_aspect_ratio', defaultValue: 1 });
  const images = useWatch({ name: 'images' }) as string[] | undefined;
  const locked = (images?.length ?? 0) > 0;
  return (
    <Box>
      <FormLabel id="ratio-label" sx={{ display: 'block', mb: 0.5 }}>
        Proporção das imagens
      </FormLabel>
      <ToggleButtonGroup
        aria-labelledby="ratio-label"
        exclusive
        value={Number(field.value)}
        // The name each button reads is the one it shows; a fingertip's height.
        sx={{ '& .MuiToggleButton-root': { minHeight: 44, textTransform: 'none' } }}
        disabled={locked}
        onChange={(_, value: number | null) => {
          if (value !== null) field.onChange(value);
        }}
      >
        <ToggleButton value={1}>Quadrada (1:1)</ToggleButton>
        <ToggleButton value={0.8}>Retrato (4:5)</ToggleButton>
      </ToggleButtonGroup>
      <FormHelperText>
        {locked
          ? 'Remova as imagens para trocar a proporção.'
          : 'As imagens são recortadas nesta proporção, até 1000×1000.'}
      </FormHelperText>
    </Box>
  );
}

/**
 * The product's images, the first being the main one: add several at once (cropped to the
 * chosen ratio, converted to webp and stored as they are picked), remove, or move one forward.
 * Files added and removed before saving are deleted at once; files of the saved product are
 * deleted by the server when the product is saved without them or removed.
 */
export function ProductImagesInput() {
  const { field } = useInput({ source: 'images', defaultValue: [] });
  const ratio = Number(useWatch({ name: 'image_aspect_ratio' }) ?? 1) as AspectRatio;
  const notify = useNotify();
  const picker = useRef<HTMLInputElement>(null);
  const addedHere = useRef(new Set<string>());
  const [busy, setBusy] = useState(0);
  const images = (Array.isArray(field.value) ? field.value : []) as string[];
  // The latest list, for uploads that finish one after another.
  const latest = useRef(images);
  latest.current = images;

  const add = async (files: File[]) => {
    if (picker.current) picker.current.value = '';
    const accepted = files.filter((file) => ['image/png', 'image/jpeg', 'image/webp'].includes(file.type));
    if (accepted.length < files.length) notify('Escolha imagens PNG, JPEG ou WebP.', { type: 'warning' });
    setBusy(accepted.length);
    for (const file of accepted) {
      try {
        const url = await uploadFile(file, { folder: 'images', ratio });
        addedHere.current.add(url);
        latest.current = [...latest.current, url];
        field.onChange(latest.current);
      } catch (error) {
        notify(uploadFailureText(error), { type: 'error' });
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  const remove = (url: string) => {
    field.onChange(images.filter((image) => image !== url));
    if (addedHere.current.has(url)) {
      addedHere.current.delete(url);
      deleteFile(url).catch((error: unknown) => notify((error as Error).message, { type: 'error' }));
    }
  };

  const forward = (index: number) => {
    const next = [...images];
    [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
    field.onChange(next);
  };

  const width = 120;
  const height = Math.round(width / ratio);
  return (
    <Box>
      <FormLabel sx={{ display: 'block', mb: 1 }}>Imagens</FormLabel>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {images.map((url, index) => (
          <Box
            key={url}
            sx={{
              position: 'relative',
              width,
              height,
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'background.default',
            }}
          >
            <Box
              component="img"
              src={url}
              alt={`Imagem ${index + 1}`}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
            {index === 0 ? (
              <Typography
                variant="caption"
                sx={{
                  position: 'absolute',
                  left: 4,
                  bottom: 4,
                  px: 0.5,
                  borderRadius: 0.5,
                  bgcolor: 'rgba(0,0,0,0.7)',
                }}
              >
                Principal
              </Typography>
            ) : (
              <Tooltip title="Mover para antes">
                <IconButton
                  size="small"
                  aria-label={`Mover a imagem ${index + 1} para antes`}
                  onClick={() => forward(index)}
                  sx={{ position: 'absolute', left: 4, bottom: 4, bgcolor: 'rgba(0,0,0,0.6)' }}
                >
                  <ChevronLeftIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <IconButton
              size="small"
              aria-label={`Remover a imagem ${index + 1}`}
              onClick={() => remove(url)}
              sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(0,0,0,0.6)' }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        <Button
          variant="outlined"
          onClick={() => picker.current?.click()}
          disabled={busy > 0}
          sx={{ width, height, flexDirection: 'column', gap: 1 }}
        >
          {busy > 0 ? <CircularProgress size={24} /> : <AddPhotoAlternateIcon />}
          {busy > 0 ? 'Enviando…' : 'Adicionar'}
        </Button>
      </Stack>
      <input
        ref={picker}
        type="file"
        hidden
        multiple
        accept="image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
        aria-label="Adicionar imagens"
        onChange={(event) => void add(Array.from(event.target.files ?? []))}
      />
      <FormHelperText>PNG, JPEG ou WebP; a primeira é a principal.</FormHelperText>
    </Box>
  );
}

const ICONS = {
  WATER: WaterDropIcon,
  DRAFT_BEER: SportsBarIcon,
  SODA: LocalDrinkIcon,
  JUICE: BlenderIcon,
  WINE: WineBarIcon,
} as const;

/** The five drink presets (restaurant spec 2), or none. */
export function IconInput() {
  const { field } = useInput({ source: 'icon', defaultValue: null });
  return (
    <Box>
      <FormLabel sx={{ display: 'block', mb: 0.5 }}>{products.fields.icon!.label}</FormLabel>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={(field.value as string | null) ?? ''}
        onChange={(_, value: string | null) => field.onChange(value === '' || value === null ? null : value)}
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="" aria-label="Sem ícone">
          <Tooltip title="Sem ícone">
            <BlockIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
        {productIcons.map(({ id, name }) => {
          const Icon = ICONS[id];
          return (
            <ToggleButton key={id} value={id} aria-label={name}>
              <Tooltip title={name}>
                <Icon fontSize="small" />
              </Tooltip>
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
    </Box>
  );
}
