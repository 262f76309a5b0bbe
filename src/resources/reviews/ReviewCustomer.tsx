import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { BackLink } from '../../components/BackLink';
import { TopToolbar, useGetList, usePermissions, useRecordContext } from 'react-admin';
import { ADMIN } from '../../authProvider';
import { formatDateTime } from '../../../contract/lib/format';
import { customers } from '../../../contract/resources/customers/definition';
import { REVIEW_PAGE_SIZE, reviews, type Review } from '../../../contract/resources/reviews/definition';
import { GeneratedShow } from '../../engine/GeneratedForm';
import { defineScreens } from '../../engine/overrides';
import { reviewPaths } from './paths';
import { AnswerBlock, ReviewText, Stars } from './ReviewParts';
import {
  CustomerHeading,
  CustomerName,
  CustomerStats,
  customerPath,
  fullNameInput,
} from '../customers/parts';

const TOUCH = { minHeight: 44 } as const;

const useIsAdmin = () => usePermissions<string>().permissions === ADMIN;

/** The way back to the reviews; an administrator's way to the full record. */
function Actions() {
  const customer = useRecordContext();
  const admin = useIsAdmin();
  return (
    <TopToolbar sx={{ justifyContent: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
      <BackLink to={reviewPaths.list} sx={TOUCH}>
        {reviews.label.many}
      </BackLink>
      {admin && customer ? (
        <Button component={RouterLink} to={customerPath(customer.id)} variant="outlined" sx={TOUCH}>
          Ver cadastro completo
        </Button>
      ) : null}
    </TopToolbar>
  );
}

/** The stats (the ticket's restaurant for an administrator, who sees every store's) and the reviews. */
function Below() {
  const admin = useIsAdmin();
  return (
    <Stack sx={{ gap: 2, p: 2 }}>
      <CustomerStats store={admin} />
      <CustomerReviews />
    </Stack>
  );
}

/** What this customer said of the store (of every store, to an administrator), newest first. */
function CustomerReviews() {
  const customer = useRecordContext();
  const admin = useIsAdmin();
  const { data = [], isPending } = useGetList<Review>(
    reviews.name,
    {
      pagination: { page: 1, perPage: REVIEW_PAGE_SIZE },
      sort: reviews.list.sort,
      filter: { customer_id: customer?.id },
    },
    { enabled: customer !== undefined },
  );
  return (
    <Card component="section" aria-labelledby="customer-reviews">
      <CardContent>
        <Typography id="customer-reviews" variant="h6" component="h2" gutterBottom>
          Avaliações do cliente
        </Typography>
        {isPending ? (
          <CircularProgress size={24} aria-label="Carregando avaliações" />
        ) : data.length === 0 ? (
          <Typography color="text.secondary">Nenhuma avaliação.</Typography>
        ) : (
          <Stack
            component="ul"
            divider={<Divider component="li" aria-hidden />}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {data.map((review) => (
              <Box component="li" key={review.id} sx={{ py: 1.5 }}>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Stars value={review.rating} />
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(review.created_at)}
                    {admin ? ` · ${review.store_name}` : ''}
                  </Typography>
                </Stack>
                <ReviewText review={review} />
                <AnswerBlock review={review} />
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The customer screen a review opens (restaurant spec 2 "Reviews", 3 Customer detail), the
 * customer's record only read: picture, name, e-mail, username, and the stats — the last ticket
 * with its items and date, and the visits — plus what they said in their reviews. Staff get their
 * own store's stats and never the customer's phone, CPF, gender, birth date or age (the API leaves
 * them out); administrators reach the full record from here. A customer who cannot be opened: the
 * server's words, and the reviews again.
 */
const reviewCustomer = defineScreens({
  form: {
    title: <CustomerName />,
    actions: <Actions />,
    header: <CustomerHeading />,
    sections: [{ fields: [['fullname', 'email'], ['username']] }],
    inputs: { fullname: fullNameInput },
    meta: { include: 'stats' },
    list: reviewPaths.list,
    below: <Below />,
  },
});

export function ReviewCustomer() {
  return <GeneratedShow definition={customers} overrides={reviewCustomer} />;
}
