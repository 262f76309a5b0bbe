import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  InputHelperText,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  useInput,
  type RaRecord,
} from 'react-admin';
import {
  AGE_SUGGESTIONS,
  audienceGenders,
  notifications,
  RESTAURANT_PICKER_PAGE,
} from '../../../contract/resources/notifications/definition';

const { fields } = notifications;

/** Todos, Masculino or Feminino, held by the form as the list `genders` the API takes. */
export function GendersInput() {
  return (
    <RadioButtonGroupInput
      source="genders"
      label={fields.genders!.label}
      choices={[...audienceGenders]}
      format={(genders: string[] | null | undefined) =>
        !genders || genders.length !== 1 ? 'ALL' : (genders[0] ?? 'ALL')
      }
      parse={(choice: string) => (choice === 'ALL' ? [] : [choice])}
      helperText={false}
    />
  );
}

/** The restaurants whose customers receive it, searched by name, 40 at a time (spec 9). */
export function StoresInput() {
  return (
    <ReferenceArrayInput
      source="stores"
      reference="restaurants"
      perPage={RESTAURANT_PICKER_PAGE}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <AutocompleteArrayInput
        label={fields.stores!.label}
        optionText={(record: RaRecord) => String(record.name ?? '')}
        noOptionsText="Nenhum restaurante encontrado"
        helperText="Sem restaurantes, a notificação vai para todos os usuários; com eles, para quem já fez check-in em algum."
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

/** Idade: the youngest and the oldest who receive it, side by side. */
export function AgesInput() {
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {fields.min_age!.label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <AgeInput source="min_age" label="Idade mínima" />
        <AgeInput source="max_age" label={fields.max_age!.label} />
      </Box>
    </>
  );
}

/** An age typed freely (0 to 120), with the spec's suggestions 18 to 50. */
function AgeInput({ source, label }: { source: 'min_age' | 'max_age'; label: string }) {
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
