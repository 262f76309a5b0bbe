import { DateInput, required, TextInput, type RaRecord } from 'react-admin';
import { RecordToggle } from '../../components/RecordToggle';
import { fieldText } from '../../lib/display';
import { REQUIRED } from '../../../contract/lib/fields';
import { formatDate } from '../../../contract/lib/format';
import { defineScreens } from '../../engine/overrides';
import {
  ACTIVATED,
  DEACTIVATED,
  promoCodeFields as fields,
} from '../../../contract/resources/promoCodes/definition';
import { promoCodePayload, type PromoCodeFormValues } from './payload';

/** São Paulo's today, the earliest expiry the date picker offers. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

const toggle = <RecordToggle source="active" label="Ativo" notices={{ on: ACTIVATED, off: DEACTIVATED }} />;
const text = (field: keyof typeof fields, record: RaRecord) =>
  fieldText(fields[field], record[field], record);
const digitsOnly = (value: string) => value.replace(/\D/g, '');
const numeric = { inputMode: 'numeric' as const, autoComplete: 'off' };
const requiredField = required(REQUIRED);

/**
 * Cupons (spec 2.13): the generated list, 8 a page, each row with its active switch (spec 4), one
 * line per code on a tablet; the add form sends what the spec's client sent (the discount as a
 * two-decimal string, whole numbers, null for "all", a new code active). No edit screen: the
 * switch is a code's only change.
 */
export default defineScreens({
  list: {
    cells: { active: toggle },
    rowClick: false,
    compact: {
      primary: (record) => `${String(record.code)} · ${text('discount', record)}`,
      secondary: (record) =>
        [
          record.description,
          `até ${text('max_discount', record)}`,
          `usos ${text('n_uses', record)}`,
          text('origin', record),
          text('type', record),
        ].join(' · '),
      tertiary: (record) => `Expira em ${formatDate(record.expires_at as string)}`,
      end: toggle,
    },
  },
  form: {
    sections: [
      {
        fields: [
          'description',
          'code',
          'discount',
          'max_discount',
          'n_available',
          'expires_at',
          'origin',
          'type',
        ],
      },
    ],
    defaultValues: { origin: '', type: '' },
    transform: (values) => promoCodePayload(values as PromoCodeFormValues),
    inputs: {
      code: (
        <TextInput
          source="code"
          label={fields.code.label}
          validate={requiredField}
          parse={(value: string) => value.toUpperCase()}
          helperText="Letras sem acento, números, hífen ou sublinhado"
          inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }}
        />
      ),
      n_available: (
        <TextInput
          source="n_available"
          label={fields.n_available.label}
          parse={digitsOnly}
          inputProps={numeric}
        />
      ),
      expires_at: (
        <DateInput source="expires_at" label={fields.expires_at.label} inputProps={{ min: today() }} />
      ),
    },
    maxWidth: 720,
  },
});
