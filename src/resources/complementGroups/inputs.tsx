import { useEffect, useState, type KeyboardEvent } from 'react';
import { Autocomplete, Box, Chip, Stack, TextField, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckIcon from '@mui/icons-material/Check';
import { BooleanInput, InputHelperText, useInput, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useApi } from '../../dataProvider/useApi';
import { formatCents } from '../../../contract/lib/format';
import {
  PRODUCT_ALREADY_SELECTED,
  type ComplementGroup,
} from '../../../contract/resources/complementGroups/definition';
import type { productPickerRow } from '../../../contract/resources/products/definition';

/** A product of the group, as the API reads it and as the chips show it. */
export type GroupProduct = ComplementGroup['products'][number];

/** A row of `GET /api/products/simplelist`. */
type SimpleProduct = z.input<typeof productPickerRow>;

export const REPEAT_ON = 'Repetir a opção';
export const REPEAT_OFF = 'Não repetir a opção';
/** Products offered by the picker per search. */
const PICKER_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** Case- and accent-insensitive "contains", as the server searches. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const matches = (name: string, typed: string) => folded(name).includes(folded(typed.trim()));

/** 'Repetir a opção' when on, 'Não repetir a opção' when off (allow_repeat). */
export function RepeatSwitch() {
  const on = useWatch({ name: 'allow_repeat' }) === true;
  return (
    <BooleanInput
      source="allow_repeat"
      label={on ? REPEAT_ON : REPEAT_OFF}
      helperText={
        on
          ? 'O cliente pode escolher a mesma opção mais de uma vez.'
          : 'Cada opção pode ser escolhida uma vez só.'
      }
    />
  );
}

/** A chosen product: its name and a remove control (click, Enter or Space). */
function ProductChip({ product, onRemove }: { product: GroupProduct; onRemove: () => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRemove();
    }
  };
  return (
    <Chip
      role="listitem"
      tabIndex={-1}
      label={product.name}
      onDelete={onRemove}
      deleteIcon={
        <CancelIcon
          role="button"
          aria-hidden={false}
          aria-label={`Remover ${product.name}`}
          tabIndex={0}
          onKeyDown={onKeyDown}
          sx={{
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', borderRadius: '50%' },
          }}
        />
      }
      sx={{ maxWidth: '100%' }}
    />
  );
}

/**
 * The group's products: a search that asks the server as the user types (debounced), and the
 * chosen products as chips. Removing a chip only changes the form: it takes effect on Salvar.
 */
export function ProductsInput() {
  const { field, fieldState, formState } = useInput<GroupProduct[]>({ source: 'products' });
  const invalid = fieldState.invalid && formState.isSubmitted;
  const chosen: GroupProduct[] = Array.isArray(field.value) ? field.value : [];
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { data, isFetching, isError, isPlaceholderData } = useApi<{ results?: SimpleProduct[] }>(
    open ? '/api/products/simplelist' : null,
    { search: term, page_size: PICKER_SIZE },
    { placeholderData: (previous) => previous, staleTime: 30_000 },
  );
  const results = data?.results ?? [];
  // Until the server answers for what is typed now, the previous answer is narrowed here.
  const settled = typed.trim() === term && !isPlaceholderData;
  const options = settled ? results : results.filter((product) => matches(product.name, typed));
  const isChosen = (id: number) => chosen.some((product) => product.id === id);

  const add = (product: SimpleProduct) => {
    if (isChosen(product.id)) {
      notify(PRODUCT_ALREADY_SELECTED, { type: 'warning' });
      return;
    }
    field.onChange([...chosen, { id: product.id, name: product.name }]);
  };
  const remove = (id: number) => field.onChange(chosen.filter((product) => product.id !== id));

  return (
    <Stack sx={{ gap: 1.5 }}>
      <Autocomplete<SimpleProduct, false, false, false>
        options={options}
        value={null}
        inputValue={typed}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        disableCloseOnSelect
        filterOptions={(all) => all}
        loading={options.length === 0 && (isFetching || !settled)}
        onChange={(_, product) => {
          if (product) add(product);
          setTyped('');
        }}
        onInputChange={(_, text, reason) => {
          if (reason === 'input') setTyped(text);
          else if (reason === 'clear' || reason === 'blur') setTyped('');
        }}
        onBlur={field.onBlur}
        getOptionLabel={(product) => product.name}
        isOptionEqualToValue={(option, selected) => option.id === selected.id}
        renderOption={({ key, ...props }, product) => (
          <li key={key} {...props}>
            <Stack direction="row" sx={{ width: '100%', gap: 1, alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {product.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatCents(product.price)}
                  {product.complement_only ? ' · Complemento' : ''}
                </Typography>
              </Box>
              {isChosen(product.id) ? (
                <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', color: 'text.secondary' }}>
                  <CheckIcon fontSize="small" />
                  <Typography variant="caption">Selecionado</Typography>
                </Stack>
              ) : null}
            </Stack>
          </li>
        )}
        noOptionsText={
          isError
            ? 'Não foi possível buscar os produtos. Tente novamente.'
            : term
              ? 'Nenhum produto encontrado'
              : 'Nenhum produto cadastrado'
        }
        loadingText="Buscando…"
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={field.ref}
            label="Adicionar produto"
            placeholder="Busque pelo nome ou código"
            error={invalid}
            helperText={
              <InputHelperText
                error={invalid ? fieldState.error?.message : undefined}
                helperText="Os produtos que o cliente pode escolher neste grupo."
              />
            }
          />
        )}
        fullWidth
      />
      {chosen.length > 0 ? (
        <Box role="list" aria-label="Produtos do grupo" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {chosen.map((product) => (
            <ProductChip key={product.id} product={product} onRemove={() => remove(product.id)} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Nenhum produto selecionado.
        </Typography>
      )}
    </Stack>
  );
}
