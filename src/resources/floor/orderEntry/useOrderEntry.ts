import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import { actionPath, type PainelDataProvider } from '../../../dataProvider';
import { outbox, useOutboxTransport } from '../../../offline/instance';
import { OFFLINE_WORDS } from '../../../offline/words';
import { ORDER_MESSAGES, tabs, type Order } from '../../../../contract/resources/tabs/definition';
import type { AddItemsInput, Draft, OrderEntryMenu } from '../../../../contract/resources/orderEntry/input';
import { checkLine, type OrderLine, type PricedLine } from '../../../../contract/resources/orderEntry/rules';
import { lineOfDraft, readDraft, saveDraft } from './draft';

/**
 * A line not sent yet: what goes to the server, and its names and price as the menu gave them when
 * added (or as the server priced the draft it was read from).
 */
export interface DraftLine {
  key: number;
  line: OrderLine;
  priced: PricedLine;
}

/** A draft line against the menu as it is now: priced again, or with the reason it would be refused. */
export interface ReviewedLine extends DraftLine {
  refusal: string | null;
}

const GENERIC_FAILURE = 'Ocorreu um erro na atualização';
const NO_CONNECTION = 'Rascunho não salvo: sem conexão.';

/** How long after the last change the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 600;

/** What went wrong last, and with which call: a save that goes through clears only a save's. */
interface Problem {
  message: string;
  from: 'draft' | 'send';
}

/** Whether the server answered a failure (a refusal, with its words), rather than could not be reached. */
const answered = (error: unknown): error is HttpError => error instanceof HttpError && error.status >= 400;

/** Whether a call could not reach the server at all. */
const unreached = (error: unknown) => error instanceof HttpError && error.status === 0;

/**
 * Each store's menu as last read, so that the order entry still opens without a connection (the
 * order then waits in the outbox, checked by the server when it is sent).
 */
const lastMenus = new Map<number, OrderEntryMenu>();

/** '1 item para Ana', '3 itens para Pedido da mesa': an order as the outbox names it. */
export const orderLabel = (count: number, forWhom: string) =>
  `${count} ${count === 1 ? 'item' : 'itens'} para ${forWhom}`;

/**
 * The order entry of one guest's ticket: the menu (read once as it opens, again after a refusal:
 * something may have run out; without a connection, the one last read), the lines not sent yet —
 * the waiter's draft on the server, read as it opens (none without a connection) and saved whole a
 * moment after each change, at once before the review and as it closes —, and the send, through
 * the outbox: with its `Idempotency-Key`, kept and sent once the connection is back when there is
 * none (the tab shows the items meanwhile, waiting to be sent). `onSent` gets the tab as the
 * server answers it, or null when the order waits in the outbox. `forWhom` names the guest (and
 * the table) in the outbox.
 */
export function useOrderEntry({
  order,
  ticketId,
  forWhom,
  onSent,
}: {
  order: Pick<Order, 'id' | 'store_id'>;
  ticketId: number;
  forWhom: string;
  onSent: (order: Order | null) => void;
}) {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  useOutboxTransport();
  const menu = useQuery<OrderEntryMenu>({
    queryKey: ['order-entry-menu', order.store_id],
    queryFn: async () => {
      try {
        const read = (
          await dataProvider.action('commands', {
            id: order.id,
            action: 'menu',
            // Staff read their own store's; an administrator names the table's.
            meta: { query: { store_id: order.store_id } },
          })
        ).data as unknown as OrderEntryMenu;
        lastMenus.set(order.store_id, read);
        return read;
      } catch (error) {
        const kept = lastMenus.get(order.store_id);
        if (unreached(error) && kept) return kept;
        throw error;
      }
    },
    // Read once per opening: kept while the order entry is open, forgotten once it closes.
    staleTime: Infinity,
    // Asked even when the browser says it is offline: the answer is then the menu last read.
    networkMode: 'always',
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const draft = useQuery<Draft>({
    queryKey: ['order-entry-draft', order.id, ticketId],
    // Without a connection the order starts empty: the draft is the server's.
    queryFn: () =>
      readDraft(dataProvider, order.id, ticketId).catch((error: unknown) => {
        if (unreached(error)) return { ticket_id: ticketId, items: [] };
        throw error;
      }),
    // Read once per opening, as the menu: another tablet's changes show at the next opening.
    staleTime: Infinity,
    networkMode: 'always',
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  // Null until the waiter changes something: the lines are the draft's as read.
  const [edited, setEdited] = useState<DraftLine[] | null>(null);
  const lines: DraftLine[] =
    edited ?? draft.data?.items.map((item, index) => ({ key: index + 1, ...lineOfDraft(item) })) ?? [];
  // How many lines the server's draft holds, as its last answer said.
  const [savedLines, setSavedLines] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  // What the saves read: the lines as last rendered, whether they changed since the server's
  // draft, the debounce's timer, the saves in order (one at a time, so the last one wins), and
  // whether the order entry is still open to show a failure.
  const latest = useRef(lines);
  const unsaved = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saves = useRef<Promise<void>>(Promise.resolve());
  const open = useRef(true);
  useEffect(() => {
    latest.current = lines;
  });

  const { refetch: readMenu } = menu;
  /** Saves the lines now if they changed since the last save; resolves once every save under way is done. */
  const save = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    if (!unsaved.current) return saves.current;
    unsaved.current = false;
    const items = latest.current.map((draft) => draft.line);
    saves.current = saves.current.then(async () => {
      try {
        const saved = await saveDraft(dataProvider, order.id, ticketId, items);
        setSavedLines(saved.items.length);
        setProblem((before) => (before?.from === 'draft' ? null : before));
      } catch (error) {
        // Refused, the server kept the draft before and the line that broke the rule stays here to
        // be fixed; not reached, the lines stay and the next change (or the closing) tries again.
        const message = answered(error) ? error.message || GENERIC_FAILURE : NO_CONNECTION;
        if (answered(error)) void readMenu();
        else unsaved.current = true;
        if (open.current) setProblem({ message, from: 'draft' });
        else notify(message, { type: 'error' });
      }
    });
    return saves.current;
  }, [dataProvider, notify, order.id, readMenu, ticketId]);

  // Closing (however it closes) saves what changed since the last save at once.
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      void save();
    };
  }, [save]);

  const products = menu.data?.products ?? [];
  const reviewed: ReviewedLine[] = lines.map((draft) => {
    if (!menu.data) return { ...draft, refusal: null };
    const checked = checkLine(draft.line, { products });
    return checked.ok
      ? { ...draft, priced: checked.line, refusal: null }
      : { ...draft, refusal: checked.message };
  });
  const count = reviewed.reduce((sum, draft) => sum + draft.line.quantity, 0);
  const total = reviewed.reduce((sum, draft) => sum + draft.priced.unit * draft.line.quantity, 0);

  /** Every change to the lines: shown at once, saved a moment after the last one. */
  const changeLines = (next: DraftLine[]) => {
    latest.current = next;
    setEdited(next);
    unsaved.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), DRAFT_SAVE_DELAY_MS);
  };
  const change = (key: number, update: (draft: DraftLine) => DraftLine | null) =>
    changeLines(
      latest.current.flatMap((draft) => {
        if (draft.key !== key) return [draft];
        const next = update(draft);
        return next ? [next] : [];
      }),
    );

  async function send() {
    const payload: AddItemsInput = { ticket_id: ticketId, items: latest.current.map((draft) => draft.line) };
    const shown = latest.current.map((draft) => draft.priced);
    // The send drops the draft: no save after it, and none still under way that would bring it back.
    clearTimeout(timer.current);
    const changed = unsaved.current;
    unsaved.current = false;
    setSending(true);
    setProblem(null);
    await saves.current;
    try {
      const outcome = await outbox.submit({
        method: 'POST',
        path: actionPath(tabs, 'addItems', { id: order.id }),
        body: payload,
        label: orderLabel(
          latest.current.reduce((sum, draft) => sum + draft.line.quantity, 0),
          forWhom,
        ),
        effect: { kind: 'addItems', orderId: order.id, ticketId, lines: shown },
      });
      if (outcome.kind === 'refused') {
        // The server's words; what changed since the last save is saved when the order entry closes.
        setProblem({ message: outcome.message || GENERIC_FAILURE, from: 'send' });
        unsaved.current ||= changed;
        void menu.refetch();
        return;
      }
      // Placed, or kept to be placed: the server drops the draft then, whatever a save under way left.
      unsaved.current = false;
      notify(outcome.kind === 'sent' ? ORDER_MESSAGES.itemsSent : OFFLINE_WORDS.queued, {
        type: outcome.kind === 'sent' ? 'success' : 'info',
      });
      void queryClient.invalidateQueries({ queryKey: ['polled'] });
      onSent(outcome.kind === 'sent' ? ((outcome.body as { data: Order }).data ?? null) : null);
    } finally {
      setSending(false);
    }
  }

  return {
    menu,
    draft,
    lines: reviewed,
    count,
    total,
    sending,
    refusal: problem?.message ?? null,
    /** Whether the server's draft holds lines: they are kept for this waiter until sent. */
    saved: (savedLines ?? draft.data?.items.length ?? 0) > 0,
    add: (line: OrderLine, priced: PricedLine) =>
      changeLines([
        ...latest.current,
        { key: Math.max(0, ...latest.current.map((draft) => draft.key)) + 1, line, priced },
      ]),
    setQuantity: (key: number, quantity: number) =>
      change(key, (draft) => ({ ...draft, line: { ...draft.line, quantity } })),
    remove: (key: number) => change(key, () => null),
    save,
    send,
  };
}
