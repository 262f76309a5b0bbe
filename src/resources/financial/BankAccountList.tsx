import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { RaRecord } from 'react-admin';
import { GeneratedList } from '../../engine/GeneratedList';
import type { ScreenOverrides } from '../../engine/overrides';
import { bankAccounts, FINANCIAL_MESSAGES } from '../../../contract/resources/financial/definition';
import { bankAccountPath, financialPaths } from './paths';

const noAccounts = (
  <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1, py: 6, px: 2 }}>
    <Typography variant="h6" component="p">
      {FINANCIAL_MESSAGES.noAccounts}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      Cadastre a conta em que o restaurante recebe os depósitos.
    </Typography>
  </Stack>
);

/**
 * The store's accounts as the engine lists them, the default marked; a row opens its form at
 * the spec's path, and the create button leads to /new. Administrators first choose the restaurant.
 */
const screen: ScreenOverrides = {
  list: {
    store: { notice: FINANCIAL_MESSAGES.chooseStoreNotice },
    empty: false,
    noRows: noAccounts,
    cells: {
      is_default: (account: RaRecord) =>
        account.is_default ? <Chip size="small" color="success" variant="outlined" label="Padrão" /> : null,
    },
    rowClick: (id) => bankAccountPath(id),
    create: { label: FINANCIAL_MESSAGES.addAccount, path: financialPaths.newBankAccount },
    actions: (
      <Button
        component={RouterLink}
        to={financialPaths.history}
        variant="outlined"
        startIcon={<ArrowBackIcon />}
      >
        Histórico de depósitos
      </Button>
    ),
  },
};

/** /financial/bank-accounts. */
export function BankAccountList() {
  return <GeneratedList definition={bankAccounts} overrides={screen} />;
}
