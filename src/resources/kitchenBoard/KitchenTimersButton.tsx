import { useId, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { HttpError, useCanAccess, useNotify, useUpdate } from 'react-admin';
import { GENERIC_ERROR } from '../../dataProvider/httpClient';
import {
  KITCHEN_GROUPINGS,
  KITCHEN_TIMER_LIMITS,
  kitchenTimersInput,
  restaurants,
  type KitchenGrouping,
  type KitchenTimers,
  type Store,
} from '../../../contract/resources/restaurants/definition';
import { FOCUS_RING } from './boardStyles';

const TIMERS_SAVED = 'Tempos da cozinha atualizados com sucesso!';

const STAGES = [
  { id: 'placed', name: 'Aguardando' },
  { id: 'preparing', name: 'Preparando' },
] as const;
const LIMITS = [
  { id: 'warn', name: 'atenção' },
  { id: 'late', name: 'atraso' },
] as const;

type Stage = (typeof STAGES)[number]['id'];
type Limit = (typeof LIMITS)[number]['id'];
type Draft = Record<Stage, Record<Limit, string>>;
type Errors = Partial<Record<`${Stage}.${Limit}`, string>>;

const draftOf = (timers: KitchenTimers): Draft => ({
  placed: { warn: String(timers.placed.warn), late: String(timers.placed.late) },
  preparing: { warn: String(timers.preparing.warn), late: String(timers.preparing.late) },
});

/** A field left empty is no number at all (Number('') would be 0, and read "out of range"). */
const minutes = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * 'Tempos': the minutes after which the board's cards turn amber (atenção) and red (atraso), per
 * stage, and whether a card gathers a guest's items or a table's, for who may change the store's
 * settings (Configurações: managers by default) and the platform's administrators; hidden from the
 * rest of the team. Checked here with the API's own rules, then saved on the store (PATCH
 * /api/stores/id/{id}, `info.kitchen_timers` and `info.kitchen_grouping`); the board ages and
 * gathers its cards by them at once.
 */
export function KitchenTimersButton({
  store,
  timers,
  grouping,
}: {
  store: Store;
  timers: KitchenTimers;
  grouping: KitchenGrouping;
}) {
  const { canAccess = false } = useCanAccess({ resource: restaurants.name, action: 'edit' });
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(timers));
  const [cards, setCards] = useState<KitchenGrouping>(grouping);
  const [errors, setErrors] = useState<Errors>({});
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const titleId = useId();
  const groupingId = useId();

  if (!canAccess) return null;

  const start = () => {
    setDraft(draftOf(timers));
    setCards(grouping);
    setErrors({});
    setOpen(true);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = kitchenTimersInput.safeParse({
      placed: { warn: minutes(draft.placed.warn), late: minutes(draft.placed.late) },
      preparing: { warn: minutes(draft.preparing.warn), late: minutes(draft.preparing.late) },
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    void update(
      restaurants.name,
      {
        id: store.id,
        data: { info: { kitchen_timers: parsed.data, kitchen_grouping: cards } },
        previousData: store,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(TIMERS_SAVED, { type: 'success' });
          setOpen(false);
        },
        onError: (error) => {
          const message = error instanceof HttpError && error.message ? error.message : GENERIC_ERROR;
          notify(message, { type: 'error' });
        },
      },
    );
  };

  return (
    <>
      {/* On a tablet the word gives its room to the cards' notices: the clock alone, named. */}
      <Button
        variant="outlined"
        aria-label="Tempos"
        title="Tempos e cartões da cozinha"
        onClick={start}
        sx={{
          minHeight: 44,
          minWidth: 44,
          px: { xs: 0, md: 1.5 },
          gap: 1,
          textTransform: 'none',
          fontWeight: 700,
          ...FOCUS_RING,
        }}
      >
        <TimerOutlinedIcon aria-hidden />
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          Tempos
        </Box>
      </Button>
      <Dialog open={open} onClose={() => (isPending ? undefined : setOpen(false))} aria-labelledby={titleId}>
        {/* The API's rules and words, not the browser's own checks of a number field. */}
        <form onSubmit={save} noValidate>
          <DialogTitle id={titleId}>Tempos da cozinha</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Depois de quantos minutos na etapa o pedido fica amarelo (atenção) e vermelho (atraso), e como
              os itens se juntam nos cartões.
            </DialogContentText>
            {STAGES.map((stage) => (
              <Stack key={stage.id} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, gap: 1 }}>
                <Typography component="legend" sx={{ fontWeight: 800, mb: 1 }}>
                  {stage.name}
                </Typography>
                <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
                  {LIMITS.map((limit) => {
                    const error = errors[`${stage.id}.${limit.id}`];
                    return (
                      <TextField
                        key={limit.id}
                        type="number"
                        label={`${stage.name}: ${limit.name}`}
                        value={draft[stage.id][limit.id]}
                        onChange={(event) =>
                          setDraft((current) => ({
                            ...current,
                            [stage.id]: { ...current[stage.id], [limit.id]: event.target.value },
                          }))
                        }
                        error={error !== undefined}
                        helperText={error ?? ' '}
                        slotProps={{
                          htmlInput: {
                            min: KITCHEN_TIMER_LIMITS.min,
                            max: KITCHEN_TIMER_LIMITS.max,
                            step: 1,
                            inputMode: 'numeric',
                          },
                          input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
                        }}
                        sx={{ flex: '1 1 180px' }}
                      />
                    );
                  })}
                </Stack>
              </Stack>
            ))}
            <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0, gap: 0.5 }}>
              <Typography component="legend" id={groupingId} sx={{ fontWeight: 800, mb: 0.5 }}>
                Cartões
              </Typography>
              <RadioGroup
                aria-labelledby={groupingId}
                value={cards}
                onChange={(event) => setCards(event.target.value as KitchenGrouping)}
              >
                {KITCHEN_GROUPINGS.map((choice) => (
                  <FormControlLabel
                    key={choice.id}
                    value={choice.id}
                    control={<Radio />}
                    label={choice.name}
                    sx={{ minHeight: 44 }}
                  />
                ))}
              </RadioGroup>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
            <Button onClick={() => setOpen(false)} disabled={isPending} sx={{ minHeight: 48 }}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" loading={isPending} sx={{ minHeight: 48 }}>
              Salvar
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
