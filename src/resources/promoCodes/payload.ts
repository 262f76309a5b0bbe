import { onlyDigits } from '../../lib/format';

/** The select value that stands for "every origin / every type" (null on the server). */
export const ALL = 'ALL';

export interface PromoCodeFormValues {
  description?: string;
  code?: string;
  discount?: string;
  max_discount?: string;
  n_available?: string;
  expires_at?: string | null;
  origin?: string;
  type?: string;
}

/** '15' → '15.00': the spec sends the discount as a decimal string with two places. */
export function discountString(digits: string | undefined): string | undefined {
  const clean = onlyDigits(digits);
  return clean === '' ? undefined : Number(clean).toFixed(2);
}

const wholeNumber = (digits: string | undefined) => {
  const clean = onlyDigits(digits);
  return clean === '' ? undefined : Number(clean);
};

const orAll = (value: string | undefined) => (value === ALL || value === '' || value == null ? null : value);

/** The body of POST /api/promocodes/ (spec 7) from the add form. A new code starts active. */
export function promoCodePayload(values: PromoCodeFormValues) {
  return {
    description: values.description,
    code: values.code,
    discount: discountString(values.discount),
    max_discount: wholeNumber(values.max_discount),
    n_available: wholeNumber(values.n_available),
    active: true,
    expires_at: values.expires_at || undefined,
    origin: orAll(values.origin),
    type: orAll(values.type),
  };
}
