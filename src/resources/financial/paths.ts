/**
 * Where a store's finance screens live (platform spec 2.2: /financial with /extracts, /history,
 * /bank-accounts and /bank-accounts/new). The finance dashboard itself (/financial) links here.
 */
export const financialPaths = {
  extracts: '/financial/extracts',
  history: '/financial/history',
  bankAccounts: '/financial/bank-accounts',
  newBankAccount: '/financial/bank-accounts/new',
} as const;

/** The edit screen of one bank account. */
export const bankAccountPath = (id: string | number) =>
  `${financialPaths.bankAccounts}/${encodeURIComponent(String(id))}`;
