import { TextInput, type TextInputProps } from 'react-admin';
import { maskCep, maskCnpj, maskCpf, maskPhone, onlyDigits } from '../../contract/lib/format';

/**
 * Text inputs that show the Brazilian masks while typing and hold the digits only, which is what
 * is sent (spec 5: phone, CNPJ and CPF are sent with non-digits removed). An emptied input holds
 * null, as react-admin's other text inputs do, so that saving clears the field.
 */
const masked = (
  mask: (value: string) => string,
  placeholder: string,
  inputProps: TextInputProps['inputProps'],
) =>
  function MaskedInput(props: Omit<TextInputProps, 'format' | 'parse'>) {
    return (
      <TextInput
        {...props}
        format={(value: unknown) => (typeof value === 'string' ? mask(value) : '')}
        parse={(value: string) => onlyDigits(mask(value)) || null}
        placeholder={placeholder}
        inputProps={{ ...inputProps, ...props.inputProps }}
      />
    );
  };

// Touch keyboards open on digits for all of them.
export const PhoneInput = masked(maskPhone, '(99) 99999-9999', { inputMode: 'tel', autoComplete: 'tel' });
export const CnpjInput = masked(maskCnpj, '99.999.999/9999-99', { inputMode: 'numeric' });
export const CpfInput = masked(maskCpf, '999.999.999-99', { inputMode: 'numeric' });
export const CepInput = masked(maskCep, '99999-999', { inputMode: 'numeric', autoComplete: 'postal-code' });
