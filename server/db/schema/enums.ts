/** The state names of both specifications, as the API sends them. */
export const STORE_STATUS = ['OK', 'INACTIVE', 'CLOSED'] as const;
export const ACCOUNT_STATUS = ['ACTIVE', 'INACTIVE'] as const;
/** A platform administrator, or a member of stores' teams (their roles are per store: memberships). */
export const ACCOUNT_ROLES = ['ADMIN', 'MEMBER'] as const;
export const CUSTOMER_STATUS = ['ACTIVE', 'INACTIVE', 'BLOCKED'] as const;
export const GENDERS = ['M', 'F', 'O'] as const;
export const PLATFORMS = ['IOS', 'ANDROID'] as const;
export const APP_SKINS = ['WHITE', 'BLACK'] as const;
/** The kitchen board's cards: one per customer's ticket at a table, or one per table. */
export const KITCHEN_GROUPINGS = ['ticket', 'table'] as const;
export const FAQ_CATEGORIES = ['MERCHANT', 'CUSTOMER'] as const;
export const NOTIFICATION_STATUS = ['ACTIVE', 'CANCELLED'] as const;
export const ORDER_ORIGINS = ['INDOOR', 'DELIVERY'] as const;
export const PROMO_TYPES = ['FIRST_USE', 'NORMAL'] as const;
export const MEDIA_TYPES = ['PHOTO', 'VIDEO'] as const;
export const INTEGRATION_TYPES = ['OPDV'] as const;
export const CATEGORY_DISPLAY = ['ALL', 'GRID', 'LIST'] as const;
export const PRODUCT_ICONS = ['WATER', 'DRAFT_BEER', 'SODA', 'JUICE', 'WINE'] as const;
/** NO_SHOW: a confirmed reservation whose guests did not come (beyond the spec, as booking tools have). */
export const RESERVATION_STATUS = ['CREATED', 'CONFIRMED', 'CANCELLED', 'UNAVAILABLE', 'NO_SHOW'] as const;
export const TABLE_STATUS = ['AVAILABLE', 'OCCUPIED'] as const;
export const ORDER_STATUS = ['OPENED', 'CLOSED'] as const;
export const PAYMENT_STATUS = ['OPEN', 'PARTIALLY_PAID', 'PAID'] as const;
export const ITEM_STATUS = ['PLACED', 'PREPARING', 'READY', 'CANCELLED', 'SAVED'] as const;
export const PAYMENT_KINDS = ['PHYSICAL', 'DIGITAL'] as const;
export const PAYMENT_METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'CASH', 'MEAL_VOUCHER'] as const;
export const COUPON_STATUS = ['CREATED', 'CONFIRMED', 'CANCELLED'] as const;
export const COUPON_ORDER_TYPES = ['EITHER', 'INDOOR', 'DELIVERY'] as const;
export const DEPOSIT_STATUS = ['PENDING', 'PAID', 'FAILED'] as const;
export const STATEMENT_KINDS = ['RECEIVED', 'CANCELED', 'TAX', 'DEPOSIT'] as const;

/** The kinds of PIX key a bank account may have. */
export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'] as const;

/** What a print job prints: a station's kitchen ticket, a table's pre-bill, a payment's receipt. */
export const PRINT_JOB_KINDS = ['KITCHEN', 'PREBILL', 'RECEIPT'] as const;
/** A print job's life: waiting, being sent (leased to one sender), printed (acknowledged), failed. */
export const PRINT_JOB_STATUS = ['PENDING', 'SENDING', 'PRINTED', 'FAILED'] as const;

/** A dynamic Pix charge's life at the provider: waiting for the guest, paid, or given up. */
export const PIX_CHARGE_STATUS = ['ACTIVE', 'PAID', 'CANCELLED'] as const;

/** A share of a split bill: waiting to be paid, paid (by its own method), or given up. */
export const BILL_SHARE_STATUS = ['OPEN', 'PAID', 'CANCELLED'] as const;
