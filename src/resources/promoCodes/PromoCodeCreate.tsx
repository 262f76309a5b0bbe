import { InputAdornment } from '@mui/material';
import {
  Create,
  DateInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useNotify,
  useRedirect,
} from 'react-admin';
import { formatCents, onlyDigits } from '../../lib/format';
import { zodValidate } from '../engine';
import { ALL_ORIGINS, ALL_TYPES, promoCodes as definition, promoOrigins, promoTypes } from './definition';
import { ALL, promoCodePayload, type PromoCodeFormValues } from './payload';

const checkBody = zodValidate(definition.input);
/** The form is checked as it will be sent, so each field shows the server's own message. */
const validate = (values: Record<string, unknown>) =>
  checkBody(promoCodePayload(values as PromoCodeFormValues));

const digitsOnly = (value: string) => onlyDigits(value);
const numeric = { inputMode: 'numeric' as const, autoComplete: 'off' };
const originChoices = [{ id: ALL, name: ALL_ORIGINS }, ...promoOrigins];
const typeChoices = [{ id: ALL, name: ALL_TYPES }, ...promoTypes];
const selectRequired = required('Campo obrigatório');

/** São Paulo's today, the earliest expiry the date picker offers. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/** /promoCodes/create (spec 2.13, 3 "Promo code", 5 "Other"). */
export function PromoCodeCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource={definition.name}
      title="Adicionar cupom"
      transform={(values: PromoCodeFormValues) => promoCodePayload(values)}
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.created, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    >
      <SimpleForm
        noValidate
        validate={validate}
        defaultValues={{ origin: ALL, type: ALL }}
        sx={{ maxWidth: 720 }}
        toolbar={
          <Toolbar>
            <SaveButton label="Salvar" alwaysEnable />
          </Toolbar>
        }
      >
        <TextInput source="description" label="Descrição" fullWidth />
        <TextInput
          source="code"
          label="Código"
          parse={(value: string) => value.toUpperCase()}
          helperText="Letras sem acento, números, hífen ou sublinhado"
          inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }}
        />
        <TextInput
          source="discount"
          label="Desconto"
          parse={digitsOnly}
          inputProps={numeric}
          InputProps={{ endAdornment: <InputAdornment position="end">%</InputAdornment> }}
        />
        <TextInput
          source="max_discount"
          label="Desconto máximo"
          helperText="Maior desconto de um uso, em reais"
          // The digits typed are cents, shown as reais while typing: 2500 reads R$ 25,00.
          format={(value: string | undefined) => (value ? formatCents(Number(value)) : '')}
          parse={(value: string) => onlyDigits(value).replace(/^0+/, '')}
          inputProps={numeric}
        />
        <TextInput source="n_available" label="Número de usos" parse={digitsOnly} inputProps={numeric} />
        <DateInput source="expires_at" label="Expira em" inputProps={{ min: today() }} />
        <SelectInput source="origin" label="Origem" choices={originChoices} validate={selectRequired} />
        <SelectInput source="type" label="Tipo" choices={typeChoices} validate={selectRequired} />
      </SimpleForm>
    </Create>
  );
}
