import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  ButtonBase,
  Card,
  Divider,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ReplyIcon from '@mui/icons-material/Reply';
import {
  DataTable,
  List,
  Pagination,
  Title,
  useCanAccess,
  useListContext,
  usePermissions,
} from 'react-admin';
import { ADMIN } from '../../authProvider';
import { ExportFileButton } from '../../components/ExportButton';
import { PictureAvatar } from '../../components/PictureAvatar';
import { formatDateTime } from '../../../contract/lib/format';
import { BOARD_SETTINGS, useDeviceSetting } from '../kitchenBoard/boardHooks';
import { StorePicker } from '../kitchenBoard/StorePicker';
import { AnswerDialog } from './AnswerDialog';
import {
  answerChoices,
  ratingChoices,
  REVIEW_MESSAGES,
  reviews,
  type Review,
} from '../../../contract/resources/reviews/definition';
import { reviewPaths } from './paths';
import { AnswerBlock, ReviewText, Stars } from './ReviewParts';
import { ReviewSummaryCard } from './ReviewSummaryCard';

const TOUCH = 44;
const { fields } = reviews;

type Filters = { rating?: string; answered?: string };

/** An administrator's restaurant, as the kitchen board remembers it on this device. */
function storeOf(remembered: string): number | null {
  const id = Number(remembered);
  return remembered !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The filters and Aplicar (spec 2): nothing is asked until Aplicar. Administrators choose the
 * restaurant here too; staff's store is theirs, whatever the page might send.
 */
function FilterBar({
  admin,
  storeId,
  filters,
  onApply,
  children,
}: {
  admin: boolean;
  storeId: number | null;
  filters: Filters;
  onApply: (store: number | null, filters: Filters) => void;
  children?: ReactNode;
}) {
  const [store, setStore] = useState(storeId);
  const [rating, setRating] = useState(filters.rating ?? '');
  const [answered, setAnswered] = useState(filters.answered ?? '');
  // A filter applied from elsewhere (the summary's "sem resposta") shows here too.
  useEffect(() => setRating(filters.rating ?? ''), [filters.rating]);
  useEffect(() => setAnswered(filters.answered ?? ''), [filters.answered]);
  useEffect(() => setStore(storeId), [storeId]);
  const apply = () =>
    onApply(store, {
      ...(rating ? { rating } : {}),
      ...(answered ? { answered } : {}),
    });
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Filtrar avaliações"
      direction="row"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}
    >
      {admin ? <StorePicker value={store} onChange={setStore} /> : null}
      <TextField
        select
        label="Nota"
        value={rating}
        onChange={(event) => setRating(event.target.value)}
        fullWidth={false}
        sx={{ width: 170 }}
      >
        <MenuItem value="" sx={{ minHeight: TOUCH }}>
          Todas
        </MenuItem>
        {ratingChoices.map((choice) => (
          <MenuItem key={choice.id} value={choice.id} sx={{ minHeight: TOUCH }}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Resposta"
        value={answered}
        onChange={(event) => setAnswered(event.target.value)}
        fullWidth={false}
        sx={{ width: 180 }}
      >
        <MenuItem value="" sx={{ minHeight: TOUCH }}>
          Todas
        </MenuItem>
        {answerChoices.map((choice) => (
          <MenuItem key={choice.id} value={choice.id} sx={{ minHeight: TOUCH }}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={admin && store === null} sx={{ minHeight: 48 }}>
        Aplicar
      </Button>
      {children ? (
        <Box sx={{ ml: { md: 'auto' }, '& .MuiButton-root': { minHeight: TOUCH } }}>{children}</Box>
      ) : null}
    </Stack>
  );
}

function AnswerButton({ review, onAnswer }: { review: Review; onAnswer: (review: Review) => void }) {
  const label = review.answer ? 'Editar resposta' : 'Responder';
  return (
    <Button
      variant={review.answer ? 'text' : 'outlined'}
      size="small"
      startIcon={<ReplyIcon />}
      aria-label={`${label} a ${review.customer.name}`}
      onClick={(event: MouseEvent) => {
        // The row itself opens the customer.
        event.stopPropagation();
        onAnswer(review);
      }}
      sx={{ minHeight: TOUCH, whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}

/** The author: picture, name (a link to the customer screen) and @username. */
function Author({ review }: { review: Review }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <PictureAvatar src={review.customer.profile_picture} name={review.customer.name} size={36} />
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={reviewPaths.customerOf(review.customer.id)}
          onClick={(event: MouseEvent) => event.stopPropagation()}
          underline="hover"
          color="inherit"
          sx={{ fontWeight: 600, display: 'inline-block', py: 0.5 }}
        >
          {review.customer.name}
        </Link>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          @{review.customer.username}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The reviews as a table (from the `lg` breakpoint): a row opens its author's customer screen. */
function ReviewTable({ canAnswer, onAnswer }: { canAnswer: boolean; onAnswer: (review: Review) => void }) {
  return (
    <DataTable
      rowClick={(_id, _resource, record) => reviewPaths.customerOf((record as Review).customer.id)}
      bulkActionButtons={false}
      sx={{ '& .RaDataTable-row': { cursor: 'pointer' } }}
    >
      <DataTable.Col
        source="rating"
        label={fields.rating!.label}
        disableSort
        render={(review: Review) => <Stars value={review.rating} />}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
      <DataTable.Col
        source="text"
        label={fields.text!.label}
        disableSort
        render={(review: Review) => (
          <Box sx={{ maxWidth: 560 }}>
            <ReviewText review={review} />
            <AnswerBlock review={review} />
          </Box>
        )}
      />
      <DataTable.Col
        source="customer"
        label={fields.customer!.label}
        disableSort
        render={(review: Review) => <Author review={review} />}
      />
      <DataTable.Col
        source="created_at"
        label={fields.created_at!.label}
        render={(review: Review) => formatDateTime(review.created_at)}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
      {canAnswer ? (
        <DataTable.Col
          label="Ações"
          disableSort
          align="right"
          render={(review: Review) => <AnswerButton review={review} onAnswer={onAnswer} />}
        />
      ) : null}
    </DataTable>
  );
}

/** The reviews on a tablet beside the menu (below `lg`): one card each, its author a touch away. */
function ReviewCards({ canAnswer, onAnswer }: { canAnswer: boolean; onAnswer: (review: Review) => void }) {
  const { data = [] } = useListContext<Review>();
  return (
    <Stack
      component="ul"
      aria-label={reviews.label.many}
      divider={<Divider component="li" aria-hidden />}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {data.map((review) => (
        <Box component="li" key={review.id} sx={{ px: 2, py: 1.5 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <ButtonBase
              component={RouterLink}
              to={reviewPaths.customerOf(review.customer.id)}
              focusRipple
              sx={{
                flex: '1 1 220px',
                minWidth: 0,
                minHeight: TOUCH,
                justifyContent: 'flex-start',
                textAlign: 'left',
                gap: 1.5,
                borderRadius: 1,
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              <PictureAvatar src={review.customer.profile_picture} name={review.customer.name} />
              <Box component="span" sx={{ minWidth: 0 }}>
                <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                  {review.customer.name}
                </Typography>
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  @{review.customer.username} · {formatDateTime(review.created_at)}
                </Typography>
              </Box>
            </ButtonBase>
            <Stars value={review.rating} />
          </Stack>
          <Box sx={{ mt: 1 }}>
            <ReviewText review={review} />
            <AnswerBlock review={review} />
          </Box>
          {canAnswer ? (
            <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>
              <AnswerButton review={review} onAnswer={onAnswer} />
            </Box>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

function NoReviews({ filtered }: { filtered: boolean }) {
  return (
    <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1, py: 6, px: 2 }}>
      <RateReviewIcon sx={{ fontSize: 56, opacity: 0.5 }} aria-hidden />
      <Typography variant="h6" component="p">
        {REVIEW_MESSAGES.empty}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {filtered
          ? 'Mude os filtros e toque em Aplicar.'
          : 'As avaliações que os clientes deixam no app aparecem aqui.'}
      </Typography>
    </Stack>
  );
}

/** Inside the list: the filters, the summary, the reviews and the answer dialog. */
function ReviewsBody({
  admin,
  storeId,
  onStore,
}: {
  admin: boolean;
  storeId: number | null;
  onStore: (store: number | null) => void;
}) {
  const list = useListContext<Review>();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  const { canAccess: canAnswer = false } = useCanAccess({ resource: reviews.name, action: 'edit' });
  const [answering, setAnswering] = useState<Review | null>(null);
  const filters = list.filterValues as Filters;
  const scope = admin && storeId !== null ? { store_id: storeId } : {};
  const filtered = Boolean(filters.rating || filters.answered);
  return (
    <>
      <FilterBar
        admin={admin}
        storeId={storeId}
        filters={filters}
        onApply={(store, next) => {
          if (admin) onStore(store);
          list.setFilters(next, {});
        }}
      >
        <ExportFileButton
          resource={reviews.name}
          sort={list.sort}
          filter={{ ...filters, ...scope }}
          disabled={!list.total}
        />
      </FilterBar>
      <ReviewSummaryCard
        storeId={storeId ?? undefined}
        onUnanswered={() => list.setFilters({ ...filters, answered: 'no' }, {})}
      />
      <Card>
        {list.isPending ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Box>
        ) : !list.data?.length ? (
          <NoReviews filtered={filtered} />
        ) : narrow ? (
          <ReviewCards canAnswer={canAnswer} onAnswer={setAnswering} />
        ) : (
          <ReviewTable canAnswer={canAnswer} onAnswer={setAnswering} />
        )}
      </Card>
      {answering ? <AnswerDialog review={answering} onClose={() => setAnswering(null)} /> : null}
    </>
  );
}

function Heading() {
  return (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 800, my: 2 }}>
      {reviews.label.many}
    </Typography>
  );
}

/**
 * Avaliações (restaurant spec 2 "Reviews"): the store's reviews, 50 a page, newest first — the
 * rating as stars, the text, the customer and the date — under the average rating and its
 * distribution. The filters apply with Aplicar; a row opens the customer screen; the store's
 * managers answer a review in a dialog. Administrators first choose the restaurant (remembered
 * on this device, as the kitchen board's).
 */
export function ReviewList() {
  const { permissions, isPending } = usePermissions<string>();
  const admin = permissions === ADMIN;
  const [remembered, remember] = useDeviceSetting(BOARD_SETTINGS.store, '');
  const storeId = admin ? storeOf(remembered) : null;
  const onStore = (store: number | null) => remember(store === null ? '' : String(store));

  if (isPending) return null;
  if (admin && storeId === null) {
    return (
      <Box sx={{ pb: 4 }}>
        <Title title={reviews.label.many} />
        <Heading />
        <FilterBar admin storeId={null} filters={{}} onApply={onStore} />
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {REVIEW_MESSAGES.chooseStore}
          </Typography>
        </Card>
      </Box>
    );
  }
  return (
    <Box sx={{ pb: 4 }}>
      <Heading />
      <List
        resource={reviews.name}
        title={reviews.label.many}
        filter={admin && storeId !== null ? { store_id: storeId } : undefined}
        perPage={reviews.list.perPage}
        sort={reviews.list.sort}
        actions={false}
        exporter={false}
        empty={false}
        component="div"
        // Spec 9: 50 a page, no size to choose.
        pagination={<Pagination rowsPerPageOptions={[]} />}
      >
        <ReviewsBody admin={admin} storeId={storeId} onStore={onStore} />
      </List>
    </Box>
  );
}
