import { Route } from 'react-router-dom';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../preload';
import { bankAccounts, deposits, statement } from '../../../contract/resources/financial/definition';
import { financialPaths } from './paths';

export { financialPaths };

// Loaded when first opened, or with the app on their path.
const StatementPage = lazyScreen(financialPaths.extracts, () =>
  import('./FinanceLists').then((m) => ({ default: m.StatementPage })),
);
const DepositHistoryPage = lazyScreen(financialPaths.history, () =>
  import('./FinanceLists').then((m) => ({ default: m.DepositHistoryPage })),
);
const BankAccountList = lazyScreen(financialPaths.bankAccounts, () =>
  import('./BankAccountList').then((m) => ({ default: m.BankAccountList })),
);
const BankAccountCreate = lazyScreen(financialPaths.newBankAccount, () =>
  import('./BankAccountForm').then((m) => ({ default: m.BankAccountCreate })),
);
const BankAccountEdit = lazyScreen(`${financialPaths.bankAccounts}/:id`, () =>
  import('./BankAccountForm').then((m) => ({ default: m.BankAccountEdit })),
);

/*
 * A store's finances, for its staff and for administrators with a restaurant chosen (platform
 * spec 2.2): each resource's name is its path, so react-admin's links and redirects land there.
 */
export const statementResource: ResourceProps = {
  name: statement.name,
  icon: ReceiptLongIcon,
  options: { label: statement.label.many },
  list: StatementPage,
};

export const depositsResource: ResourceProps = {
  name: deposits.name,
  icon: SavingsIcon,
  options: { label: deposits.label.many },
  list: DepositHistoryPage,
};

export const bankAccountsResource: ResourceProps = {
  name: bankAccounts.name,
  icon: AccountBalanceIcon,
  options: { label: bankAccounts.label.many },
  list: BankAccountList,
  edit: BankAccountEdit,
  recordRepresentation: 'bank_name',
  children: [<Route key="new" path="new" element={<BankAccountCreate />} />],
};
