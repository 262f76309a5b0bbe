import { useContext, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, ButtonBase, MenuItem, Stack, TextField, Typography } from '@mui/material';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ReplyIcon from '@mui/icons-material/Reply';
import { ListContext, useListContext, useRecordContext, type RaRecord } from 'react-admin';
import { useChosenStore, type ChosenStore } from '../../components/chosenStore';
import { PersonLine } from '../../components/PersonLine';
import { formatDateTime } from '../../../contract/lib/format';
import { StorePicker } from '../../components/StorePicker';
import {
  answerChoices,
  ratingChoices,
  REVIEW_MESSAGES,
  reviews,
  type Review,
} from '../../../contract/resources/reviews/definition';
import { defineScreens } from '../../engine/overrides';
import { AnswerDialog } from './AnswerDialog';
import { reviewPaths } from './paths';
import { AnswerBlock, ReviewText, Stars } from './ReviewParts';
import { ReviewSummaryCard } from './ReviewSummaryCard';

const TOUCH = 44;
const { fields } = reviews;

type Filters = { rating?: string; answered?: string };

/**
 * The filters and Aplicar (spec 2): nothing is asked until Aplicar. Administrators choose the
 * restaurant here too, before the list exists (no list context yet); staff's store is theirs.
 */
function FilterBar({ chosen }: { chosen: ChosenStore }) {
  const list = useContext(ListContext);
  const filters = (list?.filterValues ?? {}) as Filters;
  const [store, setStore] = useState(chosen.storeId);
  const [rating, setRating] = useState(filters.rating ?? '');
  const [answered, setAnswered] = useState(filters.answered ?? '');
  // A filter applied from elsewhere (the summary's "sem resposta") shows here too.
  useEffect(() => setRating(filters.rating ?? ''), [filters.rating]);
  useEffect(() => setAnswered(filters.answered ?? ''), [filters.answered]);
  useEffect(() => setStore(chosen.storeId), [chosen.storeId]);
  const apply = () => {
    if (chosen.admin) chosen.choose(store);
    list?.setFilters({ ...(rating ? { rating } : {}), ...(answered ? { answered } : {}) }, {}, false);
  };
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
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 2, mb: 2 }}
    >
      {chosen.admin ? <StorePicker value={store} onChange={setStore} /> : null}
      <TextField
        select
        label={fields.rating!.label}
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
        label={fields.answer!.label}
        value={answered}
        onChange={(event) => setAnswered(event.target.value)}
        fullWidth={false}
        sx={{ width: 190 }}
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
      <Button
        type="submit"
        variant="contained"
        disabled={chosen.admin && store === null}
        sx={{ minHeight: 48 }}
      >
        Aplicar
      </Button>
    </Stack>
  );
}

/**
 * The store's average and distribution; its "sem resposta" lists the unanswered. Another
 * restaurant is another list, mounted anew: the chosen one is read here as it is at mount.
 */
function Summary() {
  const { filterValues, setFilters } = useListContext();
  const { storeId } = useChosenStore();
  return (
    <ReviewSummaryCard
      storeId={storeId ?? undefined}
      onUnanswered={() => setFilters({ ...filterValues, answered: 'no' }, {}, false)}
    />
  );
}

/** Responder (or Editar resposta) and its dialog, for who may answer. */
function AnswerAction() {
  const review = useRecordContext<Review>();
  const [open, setOpen] = useState(false);
  if (!review) return null;
  const label = review.answer ? 'Editar resposta' : 'Responder';
  return (
    <>
      <Button
        variant={review.answer ? 'text' : 'outlined'}
        size="small"
        startIcon={<ReplyIcon />}
        aria-label={`${label} a ${review.customer.name}`}
        onClick={() => setOpen(true)}
        sx={{ minHeight: TOUCH, whiteSpace: 'nowrap' }}
      >
        {label}
      </Button>
      {open ? <AnswerDialog review={review} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** A review on a tablet beside the menu: its author a touch away, the stars, the words, the answer. */
function ReviewCard({ review }: { review: Review }) {
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
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
          <PersonLine
            picture={review.customer.profile_picture}
            name={review.customer.name}
            username={review.customer.username}
            detail={formatDateTime(review.created_at)}
            size={40}
          />
        </ButtonBase>
        <Stars value={review.rating} />
      </Stack>
      <Box sx={{ mt: 1 }}>
        <ReviewText review={review} />
        <AnswerBlock review={review} />
      </Box>
    </Box>
  );
}

/** Where the table would be when a page has no review: why, and what to do. */
function NoReviews() {
  const { filterValues } = useListContext();
  const filtered = Boolean(filterValues.rating || filterValues.answered);
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

const asReview = (record: RaRecord) => record as Review;

/**
 * Avaliações (restaurant spec 2 "Reviews"): the store's reviews, 50 a page, newest first — the
 * rating as stars, the text with the restaurant's answer, the customer and the date — under the
 * average rating and its distribution. The filters apply with Aplicar; a row opens its author's
 * customer screen; who may answer (the store's managers, administrators) answers in a dialog.
 * Administrators first choose the restaurant in the filters (remembered on this device).
 */
export default defineScreens({
  list: {
    store: { notice: REVIEW_MESSAGES.chooseStore, picker: (chosen) => <FilterBar chosen={chosen} /> },
    header: <Summary />,
    // With no review yet, the filters and the summary stay.
    empty: false,
    noRows: <NoReviews />,
    rowClick: (_id, _resource, record) => reviewPaths.customerOf(asReview(record).customer.id),
    rowActions: <AnswerAction />,
    rowActionsFor: 'edit',
    cells: {
      rating: (record) => <Stars value={asReview(record).rating} />,
      text: (record) => (
        <Box sx={{ maxWidth: 560 }}>
          <ReviewText review={asReview(record)} />
          <AnswerBlock review={asReview(record)} />
        </Box>
      ),
      customer: (record) => {
        const { customer } = asReview(record);
        return (
          <PersonLine
            picture={customer.profile_picture}
            name={customer.name}
            username={customer.username}
            to={reviewPaths.customerOf(customer.id)}
          />
        );
      },
    },
    // The author's link opens the customer: the card itself does not.
    cards: { render: (record) => <ReviewCard review={asReview(record)} />, opens: false },
  },
});
