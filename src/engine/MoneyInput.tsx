import { InputAdornment } from '@mui/material';
import { TextInput, type TextInputProps } from 'react-admin';

const reaisFormatter = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as the field shows them: 123456 → '1.234,56'. */
export function centsToInput(cents: unknown): string {
  return typeof cents === 'number' && Number.isFinite(cents) ? reaisFormatter.format(cents / 100) : '';
}

/**
 * What is typed, as cents: the digits only, filled from the right like a card machine
 * ('1', '12', '1234' → R$ 0,01, R$ 0,12, R$ 12,34). Empty gives null (the required message),
 * and so does Backspace on the last cent ('0,01' or '0,00' becomes '0,0'): otherwise the field
 * could never be emptied by deleting, and a forgotten price would be saved as R$ 0,00. An amount
 * of zero is still possible by typing 0.
 */
export function inputToCents(text: string): number | null {
  const typed = text.replace(/\D/g, '');
  if (typed === '00') return null;
  const digits = typed.replace(/^0+(?=\d)/, '').slice(0, 10);
  return digits === '' ? null : Number(digits);
}

/**
 * The generated input of a `money` field: reais as they are typed, held in cents (restaurant
 * spec 5: a product's "Price is sent as digits only").
 */
export function MoneyInput(props: Omit<TextInputProps, 'format' | 'parse'>) {
  return (
    <TextInput
      {...props}
      format={centsToInput}
      parse={inputToCents}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
        htmlInput: { inputMode: 'numeric' },
      }}
    />
  );
}
