import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, Chip, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { DataTable, useListContext } from 'react-admin';
import { fieldText } from '../../lib/display';
import { bankAccounts, FINANCIAL_MESSAGES, type BankAccount } from './definition';
import { bankAccountPath, financialPaths } from './paths';
import { StoreFinanceList } from './StoreFinanceList';

const TOUCH = 44;
const { fields } = bankAccounts;
const text = (source: keyof typeof fields) => (account: BankAccount) =>
  fieldText(
    fields[source]!,
    account[source as keyof BankAccount],
    account as unknown as Record<string, unknown>,
  ) || '—';

function Accounts() {
  const { isPending, data } = useListContext<BankAccount>();
  if (isPending)
    return (
      <Box sx={{ p: 2 }} aria-busy>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Box>
    );
  if (!data?.length)
    return (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1, py: 6, px: 2 }}>
        <Typography variant="h6" component="p">
          {FINANCIAL_MESSAGES.noAccounts}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Cadastre a conta em que o restaurante recebe os depósitos.
        </Typography>
      </Stack>
    );
  return (
    <DataTable
      rowClick={(id) => bankAccountPath(id)}
      bulkActionButtons={false}
      sx={{ '& .MuiTableRow-root': { height: TOUCH } }}
    >
      <DataTable.Col source="bank_name" label={fields.bank_name!.label} render={text('bank_name')} />
      <DataTable.Col source="agency" label={fields.agency!.label} render={text('agency')} />
      <DataTable.Col source="account" label={fields.account!.label} render={text('account')} />
      <DataTable.Col source="account_type" label={fields.account_type!.label} render={text('account_type')} />
      <DataTable.Col source="holder_name" label={fields.holder_name!.label} render={text('holder_name')} />
      <DataTable.Col
        source="holder_document"
        label={fields.holder_document!.label}
        render={text('holder_document')}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
      <DataTable.Col source="pix_key" label={fields.pix_key!.label} render={text('pix_key')} />
      <DataTable.Col
        source="is_default"
        label={fields.is_default!.label}
        render={(account: BankAccount) =>
          account.is_default ? <Chip size="small" color="success" variant="outlined" label="Padrão" /> : null
        }
      />
    </DataTable>
  );
}

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
        <Card sx={{ overflowX: 'auto' }}>
          <Accounts />
        </Card>
      )}
    </StoreFinanceList>
  );
}
