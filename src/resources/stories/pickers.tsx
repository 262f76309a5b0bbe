import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { InputHelperText, useInput, useRecordContext } from 'react-admin';
import { useApi } from '../../dataProvider/useApi';
import { stories } from '../../../contract/resources/stories/definition';

const { fields } = stories;

interface Feedhunter {
  id: number;
  fullname: string;
  username: string;
}

interface ProductName {
  id: number;
  name: string;
  store_id: number;
  store_name?: string | null;
}

/** `{ data: [...] }` as the spec gives it, or a paged `{ data: { results } }`. */
function rows<T>(data: T[] | { results?: T[] } | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.results ?? []);
}

const hunterLabel = (hunter: Feedhunter) => `${hunter.fullname} (@${hunter.username})`;

/** The post's author, among the feed hunters (`GET /api/feedhunters`). */
export function FeedhunterInput() {
  const { field, fieldState, formState, isRequired } = useInput({ source: 'customer_id' });
  const invalid = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const record = useRecordContext();
  const { data, isPending } = useApi<Feedhunter[] | { results?: Feedhunter[] }>(
    '/api/feedhunters',
    undefined,
    {
      staleTime: 60_000,
    },
  );
  const options = useMemo(() => {
    const list = rows(data);
    // An author who is no longer a feed hunter still shows on the posts written before.
    const author = record?.feedhunter as { fullname?: string; nickname?: string } | undefined;
    if (record && author && !list.some((h) => h.id === record.customer_id)) {
      return [
        {
          id: record.customer_id as number,
          fullname: author.fullname ?? '',
          username: author.nickname ?? '',
        },
        ...list,
      ];
    }
    return list;
  }, [data, record]);
  const value = options.find((hunter) => hunter.id === Number(field.value)) ?? null;
  return (
    <Autocomplete
      options={options}
      value={value}
      loading={isPending}
      onChange={(_, next) => field.onChange(next?.id ?? null)}
      onBlur={field.onBlur}
      getOptionLabel={hunterLabel}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText="Nenhum FeedHunter encontrado"
      loadingText="Carregando…"
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={`${fields.customer_id!.label} (FeedHunter)`}
          required={isRequired}
          error={invalid}
          helperText={<InputHelperText error={invalid ? fieldState.error?.message : undefined} />}
        />
      )}
      fullWidth
    />
  );
}

/** The featured product, searched by name across the restaurants (`GET /api/products/names`). */
export function ProductInput() {
  const { field, fieldState, formState } = useInput({ source: 'product_id' });
  const invalid = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const record = useRecordContext();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<ProductName | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const { data, isFetching } = useApi<ProductName[]>(
    '/api/products/names',
    { search: term, limit: 20 },
    {
      placeholderData: (previous) => previous,
    },
  );
  const saved = record?.product as ProductName | null | undefined;
  const current =
    field.value == null || field.value === ''
      ? null
      : picked?.id === Number(field.value)
        ? picked
        : saved?.id === Number(field.value)
          ? saved
          : null;
  const options = useMemo(() => {
    const list = data ?? [];
    return current && !list.some((p) => p.id === current.id) ? [current, ...list] : list;
  }, [data, current]);

  return (
    <Autocomplete
      options={options}
      value={current}
      loading={isFetching}
      filterOptions={(all) => all}
      onChange={(_, next) => {
        setPicked(next);
        field.onChange(next?.id ?? null);
      }}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setTyped(text);
        if (reason === 'clear') setTyped('');
      }}
      onBlur={field.onBlur}
      getOptionLabel={(product) =>
        product.store_name ? `${product.name} — ${product.store_name}` : product.name
      }
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={term ? 'Nenhum produto encontrado' : 'Digite o nome do produto'}
      loadingText="Buscando…"
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={fields.product_id!.label}
          error={invalid}
          helperText={
            <InputHelperText
              error={invalid ? fieldState.error?.message : undefined}
              helperText="Opcional: o post fica ligado ao restaurante do produto."
            />
          }
        />
      )}
      fullWidth
    />
  );
}
