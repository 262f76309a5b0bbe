import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { RaRecord } from 'react-admin';
import { bankAccounts, FINANCIAL_MESSAGES } from './definition';
import { bankAccountPath, financialPaths } from './paths';
import { DefinitionRows, StoreFinanceList, TableCard } from './StoreFinanceList';

/** The default account, marked; the others nothing. */
const accountCells = {
  is_default: (account: RaRecord) =>
    account.is_default ? <Chip size="small" color="success" variant="outlined" label="Padrão" /> : null,
};

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
 * /financial/bank-accounts: the store's accounts, the default marked; a row opens its form.
 * Administrators first choose the restaurant.
 */
export function BankAccountList() {
  return (
    <StoreFinanceList
      definition={bankAccounts}
      title={bankAccounts.label.many}
      buttons={
        <>
          <Button
            component={RouterLink}
            to={financialPaths.history}
            variant="outlined"
            startIcon={<ArrowBackIcon />}
          >
            Histórico de depósitos
          </Button>
          <Button
            component={RouterLink}
            to={financialPaths.newBankAccount}
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ ml: { sm: 'auto' } }}
          >
            {FINANCIAL_MESSAGES.addAccount}
          </Button>
        </>
      }
    >
      {() => (
        <TableCard label={bankAccounts.label.many}>
          <DefinitionRows
            definition={bankAccounts}
            empty={noAccounts}
            cells={accountCells}
            rowClick={bankAccountPath}
          />
        </TableCard>
      )}
    </StoreFinanceList>
  );
}
