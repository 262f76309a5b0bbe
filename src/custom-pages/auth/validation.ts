import { isValidEmail } from '../../../contract/lib/validators';

/** Spec 5's messages, exactly. */
export const REQUIRED = 'Campo obrigatório';
export const LOGIN_EMAIL_INVALID = 'Informe um email válido';
export const STEP_EMAIL_INVALID = 'Email inválido';
export const TOKEN_INVALID = 'Informe os 5 dígitos enviados para o email';
export const PASSWORDS_DIFFER = 'As senhas não conferem';
export const PASSWORD_WEAK =
  'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula e número.';

type Validator = (value: unknown) => string | undefined;

export const requiredValue: Validator = (value) =>
  typeof value === 'string' && value.trim() !== '' ? undefined : REQUIRED;

export const email =
  (message: string): Validator =>
  (value) =>
    typeof value === 'string' && value.trim() !== '' && !isValidEmail(value.trim()) ? message : undefined;

export const fiveDigits: Validator = (value) =>
  typeof value === 'string' && /^\d{5}$/.test(value.trim()) ? undefined : TOKEN_INVALID;

export const strongPassword: Validator = (value) =>
  typeof value === 'string' && value !== '' && !/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/.test(value)
    ? PASSWORD_WEAK
    : undefined;

export const sameAs =
  (other: string): ((value: unknown, values: Record<string, unknown>) => string | undefined) =>
  (value, values) =>
    value === values[other] ? undefined : PASSWORDS_DIFFER;
