import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useApi } from '../../dataProvider/useApi';

export interface Municipality {
  code: string;
  name: string;
  uf: string;
}

export interface MunicipalityAutocompleteProps {
  label: string;
  value: string;
  onChange: (name: string, municipality: Municipality | null) => void;
  uf?: string;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
}

/** City names suggested from the IBGE municipalities list the API ships (spec 2.5). */
export function MunicipalityAutocomplete({
  label,
  value,
  onChange,
  uf,
  error,
  helperText,
  autoFocus,
}: MunicipalityAutocompleteProps) {
  const [term, setTerm] = useState(value);
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const { data } = useApi<{ results: Municipality[] }>(
    debounced.length >= 2 ? '/api/municipalities' : null,
    { search: debounced, uf },
    { staleTime: 60 * 60 * 1000 },
  );
  return (
    <Autocomplete
      freeSolo
      options={data?.results ?? []}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      renderOption={(props, option) => (
        <li {...props} key={option.code}>
          {option.name} – {option.uf}
        </li>
      )}
      filterOptions={(options) => options}
      inputValue={term}
      onInputChange={(_event, next, reason) => {
        setTerm(next);
        if (reason === 'input' || reason === 'clear') onChange(next, null);
      }}
      onChange={(_event, option) => {
        if (option && typeof option !== 'string') onChange(option.name, option);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText}
          autoFocus={autoFocus}
          variant="filled"
          size="small"
          fullWidth
        />
      )}
    />
  );
}
