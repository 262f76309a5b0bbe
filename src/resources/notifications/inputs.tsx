import { Autocomplete, TextField } from '@mui/material';
import { InputHelperText, RadioButtonGroupInput, useInput } from 'react-admin';
import { AGE_SUGGESTIONS, audienceGenders } from '../../../contract/resources/notifications/definition';

/** Todos, Masculino or Feminino, held by the form as the list `genders` the API takes. */
export function GendersInput({ readOnly = false }: { readOnly?: boolean }) {
  return (
    <RadioButtonGroupInput
      source="genders"
      label="Gênero"
      choices={[...audienceGenders]}
      format={(genders: string[] | null | undefined) =>
        !genders || genders.length !== 1 ? 'ALL' : (genders[0] ?? 'ALL')
      }
      parse={(choice: string) => (choice === 'ALL' ? [] : [choice])}
      disabled={readOnly}
      helperText={false}
    />
  );
}

/** An age typed freely (0 to 120), with the spec's suggestions 18 to 50. */
export function AgeInput({ source, label }: { source: 'min_age' | 'max_age'; label: string }) {
  const { field, fieldState } = useInput({ source, defaultValue: null });
  const value = field.value == null ? '' : String(field.value);
  const set = (text: string | null) => {
    const digits = (text ?? '').replace(/\D/g, '').slice(0, 3);
    field.onChange(digits === '' ? null : Number(digits));
  };
  return (
    <Autocomplete
      freeSolo
      options={AGE_SUGGESTIONS}
      value={value}
      inputValue={value}
      onChange={(_, option) => set(option)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') set(text);
      }}
      onBlur={field.onBlur}
      sx={{ width: 180 }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={label}
          size="small"
          error={fieldState.invalid}
          helperText={<InputHelperText error={fieldState.error?.message} />}
          slotProps={{ htmlInput: { ...params.inputProps, inputMode: 'numeric' } }}
        />
      )}
    />
  );
}
