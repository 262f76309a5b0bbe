import { useEffect } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useStoreChoices } from './storeChoices';

export { useStoreChoices };

/**
 * An administrator's choice of the restaurant whose board to show, among every restaurant by name
 * (typing narrows them). A remembered restaurant that no longer exists is forgotten. `placeholder`
 * says what no choice means, where that is a choice too (every restaurant).
 */
export function StorePicker({
  value,
  onChange,
  placeholder,
}: {
  value: number | null;
  onChange: (store: number | null) => void;
  placeholder?: string;
}) {
  const { data: stores, isPending } = useStoreChoices();
  const known = value === null || !stores || stores.some((store) => store.id === value);
  useEffect(() => {
    if (!known) onChange(null);
  }, [known, onChange]);
  return (
    <Autocomplete
      options={stores ?? []}
      value={stores?.find((store) => store.id === value) ?? null}
      loading={isPending}
      onChange={(_, next) => onChange(next?.id ?? null)}
      getOptionLabel={(store) => store.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText="Nenhum restaurante encontrado"
      loadingText="Carregando…"
      slotProps={{ listbox: { sx: { '& .MuiAutocomplete-option': { minHeight: 48 } } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Restaurante"
          placeholder={placeholder}
          // The placeholder is the choice of none: shown with the label above it.
          slotProps={placeholder ? { inputLabel: { ...params.InputLabelProps, shrink: true } } : undefined}
        />
      )}
      sx={{ width: 280 }}
    />
  );
}
