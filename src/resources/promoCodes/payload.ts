import { onlyDigits } from '../../../contract/lib/format';

export interface PromoCodeFormValues {
  description?: string;
  code?: string;
  discount?: string;
  max_discount?: string;
  n_available?: string;
  expires_at?: string | null;
  origin?: string | null;
  type?: string | null;
}

/** '15' → '15.00': the spec sends the discount as a decimal string with two places. */
export function discountString(digits: string | undefined): string | undefined {
  const clean = onlyDigits(digits);
  return clean === '' ? undefined : Number(clean).toFixed(2);
}

const wholeNumber = (digits: string | number | undefined) => {
  const clean = onlyDigits(digits == null ? undefined : String(digits));
  return clean === '' ? undefined : Number(clean);
};

/** The empty choice of the origin and type selects is "all": null on the server. */
const orAll = (value: string | null | undefined) => (value === '' || value == null ? null : value);

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
