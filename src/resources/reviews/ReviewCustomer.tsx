import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useGetList, usePermissions } from 'react-admin';
import { ADMIN } from '../../authProvider';
import { PersonLine } from '../../components/PersonLine';
import { useApi } from '../../dataProvider/useApi';
import { formatDateTime } from '../../../contract/lib/format';
import { recordPath } from '../../../contract/define';
import {
  CUSTOMER_LOAD_FAILED,
  customers,
  type CustomerDetail,
} from '../../../contract/resources/customers/definition';
import { REVIEW_PAGE_SIZE, reviews, type Review } from '../../../contract/resources/reviews/definition';
import { reviewPaths } from './paths';
import { AnswerBlock, ReviewText, Stars } from './ReviewParts';
import { CustomerStats, Fact, facts } from '../customers/CustomerStats';

/** What this customer said of the store (of every store, to an administrator), newest first. */
function CustomerReviews({ customerId, admin }: { customerId: string; admin: boolean }) {
  const { data = [], isPending } = useGetList<Review>(reviews.name, {
    pagination: { page: 1, perPage: REVIEW_PAGE_SIZE },
    sort: reviews.list.sort,
    filter: { customer_id: customerId },
  });
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
 * The customer screen a review opens (restaurant spec 2 "Reviews", 3 Customer detail): picture,
 * name, e-mail, username, and the stats — the last ticket with its items and date, and the visits
 * — plus what they said in their reviews. Staff get their own store's stats and never the
 * customer's phone, CPF, gender, birth date or age (the API leaves them out); administrators reach
 * the full record from here.
 */
export function ReviewCustomer() {
  const { id = '' } = useParams();
  const { permissions } = usePermissions<string>();
  const admin = permissions === ADMIN;
  const { data, isPending, error } = useApi<CustomerDetail>(
    recordPath(customers.endpoint, id),
    { include: 'stats' },
    { retry: false },
  );
  return (
    <Stack sx={{ py: 2, gap: 2, '& > *': { flexShrink: 0 } }}>
      <Title title={data?.fullname ?? customers.label.one} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          component={RouterLink}
          to={reviewPaths.list}
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          sx={{ minHeight: 44 }}
        >
          {reviews.label.many}
        </Button>
        {admin && data ? (
          <Button
            component={RouterLink}
            to={`/customers/list/details/${data.id}`}
            variant="outlined"
            sx={{ minHeight: 44 }}
          >
            Ver cadastro completo
          </Button>
        ) : null}
      </Stack>
      {isPending ? (
        <CircularProgress sx={{ m: 4 }} aria-label="Carregando" />
      ) : !data ? (
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {error?.message ?? CUSTOMER_LOAD_FAILED}
          </Typography>
        </Card>
      ) : (
        <>
          <Card component="section" aria-labelledby="customer-name">
            <CardContent>
              <Box sx={{ mb: 3 }}>
                <PersonLine
                  picture={data.profile_picture}
                  name={data.fullname}
                  username={data.username}
                  size={80}
                  heading="customer-name"
                />
              </Box>
              <Box component="dl" sx={facts}>
                <Fact label="Nome completo" value={data.fullname} />
                <Fact label={customers.fields.email!.label} value={data.email} />
                <Fact label={customers.fields.username!.label} value={`@${data.username}`} />
              </Box>
            </CardContent>
          </Card>
          {data.stats ? <CustomerStats stats={data.stats} store={admin} /> : null}
          <CustomerReviews customerId={id} admin={admin} />
        </>
      )}
    </Stack>
  );
}
