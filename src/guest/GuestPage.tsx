import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatCents } from '../../contract/lib/format';
import { GUEST_MESSAGES, type GuestMenu, type TableCode } from '../../contract/resources/guest/paths';
import { checkLine, type OrderLine } from '../../contract/resources/orderEntry/rules';
import { callWaiter, GuestError, isRefusedCode, loadMenu, placeOrder } from './api';
import { CartSheet, type ReviewedLine } from './CartSheet';
import { BagIcon, BellIcon } from './icons';
import { MenuList, type GuestProduct } from './MenuList';
import { ProductSheet } from './ProductSheet';
import { keepCart, keepName, newId, readCart, readName, type Cart } from './storage';
import { Ticket } from './Ticket';
import { useGuestTab } from './useGuestTab';

const NAME_MAX = 60;

type Phase =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; menu: GuestMenu };

const messageOf = (error: unknown) => (error instanceof GuestError ? error.message : GUEST_MESSAGES.offline);

/** The refused code, full screen: nothing else can be done from this link. */
function Refused({ message }: { message: string }) {
  return (
    <main className="full">
      <h1>QR code inválido</h1>
      <p role="alert">{message}</p>
    </main>
  );
}

/** 'Como podemos te chamar?': asked once, kept on the device. */
function NameGate({ menu, onName }: { menu: GuestMenu; onName: (name: string) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    if (name === '') setError(GUEST_MESSAGES.name);
    else if (name.length > NAME_MAX) setError(GUEST_MESSAGES.nameTooLong);
    else onName(name);
  };
  return (
    <main className="full">
      <StoreHeader menu={menu} />
      <form className="card gate" onSubmit={submit} noValidate>
        <h2>
          <label htmlFor={inputId}>Como podemos te chamar?</label>
        </h2>
        <input
          id={inputId}
          autoComplete="given-name"
          maxLength={NAME_MAX}
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {error ? (
          <p id={errorId} role="alert" className="error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="primary">
          Ver o cardápio
        </button>
      </form>
    </main>
  );
}

function StoreHeader({ menu, others = 0 }: { menu: GuestMenu; others?: number }) {
  return (
    <header className="store">
      {menu.store.logo ? <img className="logo" src={menu.store.logo} alt="" width={56} height={56} /> : null}
      <div>
        <h1>{menu.store.name}</h1>
        <p className="muted">
          Mesa {menu.table.number}
          {others > 0 ? ` · +${others} ${others === 1 ? 'pessoa' : 'pessoas'} nesta mesa` : ''}
        </p>
      </div>
    </header>
  );
}

/**
 * The guest page: the menu the module started reading before React (`menu`), then the refused
 * code, the name asked once, or the table — the menu, the cart, the ticket and the waiter.
 */
export function GuestPage({
  code,
  menu,
  pollMs,
}: {
  code: TableCode | null;
  /** `GET menu`, started as the page's script ran; null when the link names no table. */
  menu: Promise<GuestMenu> | null;
  pollMs?: number;
}) {
  const [load, setLoad] = useState(menu);
  const [phase, setPhase] = useState<Phase>(
    code && menu ? { kind: 'loading' } : { kind: 'refused', message: GUEST_MESSAGES.badCode },
  );
  const [name, setName] = useState(readName);
  const storeName = phase.kind === 'ready' ? phase.menu.store.name : null;
  useEffect(() => {
    if (storeName) document.title = `Cardápio · ${storeName}`;
  }, [storeName]);

  useEffect(() => {
    if (!load) return;
    let live = true;
    load.then(
      (read) => live && setPhase({ kind: 'ready', menu: read }),
      (error: unknown) =>
        live &&
        setPhase(
          isRefusedCode(error)
            ? { kind: 'refused', message: messageOf(error) }
            : { kind: 'failed', message: messageOf(error) },
        ),
    );
    return () => {
      live = false;
    };
  }, [load]);

  if (phase.kind === 'refused') return <Refused message={phase.message} />;
  if (phase.kind === 'failed' && code)
    return (
      <main className="full">
        <p role="alert">{phase.message}</p>
        <button
          type="button"
          className="primary"
          onClick={() => {
            setPhase({ kind: 'loading' });
            setLoad(loadMenu(code));
          }}
        >
          Tentar de novo
        </button>
      </main>
    );
  if (phase.kind !== 'ready' || !code)
    return (
      <main className="full" aria-busy="true">
        <p>Carregando o cardápio…</p>
      </main>
    );
  if (!name)
    return (
      <NameGate
        menu={phase.menu}
        onName={(given) => {
          keepName(given);
          setName(given);
        }}
      />
    );
  return (
    <TablePage
      code={code}
      menu={phase.menu}
      name={name}
      pollMs={pollMs}
      onRefused={(message) => setPhase({ kind: 'refused', message })}
      onMenu={(read) => setPhase({ kind: 'ready', menu: read })}
    />
  );
}

type Notice = { text: string; tone: 'ok' | 'error' };

function TablePage({
  code,
  menu,
  name,
  pollMs,
  onRefused,
  onMenu,
}: {
  code: TableCode;
  menu: GuestMenu;
  name: string;
  pollMs?: number;
  onRefused: (message: string) => void;
  /** The menu read again: after a refusal something may have run out, and the cart says what. */
  onMenu: (menu: GuestMenu) => void;
}) {
  const { tab, problem, accept } = useGuestTab(code, onRefused, pollMs);
  const [cart, setCart] = useState<Cart>(() => readCart(code));
  const [open, setOpen] = useState<GuestProduct | 'cart' | null>(null);
  const [sending, setSending] = useState(false);
  const [calling, setCalling] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => keepCart(code, cart), [code, cart]);

  const reviewed: ReviewedLine[] = cart.lines.map(({ key, line }) => {
    const checked = checkLine(line, menu);
    const product = menu.products.find((candidate) => candidate.id === line.product_id);
    return checked.ok
      ? { key, quantity: line.quantity, priced: checked.line, name: checked.line.name, refusal: null }
      : { key, quantity: line.quantity, priced: null, name: product?.name ?? '', refusal: checked.message };
  });
  const count = cart.lines.reduce((sum, { line }) => sum + line.quantity, 0);
  const total = reviewed.reduce((sum, line) => sum + (line.priced ? line.priced.unit * line.quantity : 0), 0);

  /** A change of the cart is a new cart: its next order gets a key of its own. */
  const changeLines = (lines: Cart['lines']) => {
    setCart({ lines, attempt: null });
    setRefusal(null);
  };
  const add = (line: OrderLine) => {
    changeLines([...cart.lines, { key: Math.max(0, ...cart.lines.map((one) => one.key)) + 1, line }]);
    setOpen(null);
  };

  /** A refusal of the guest's own action: the code's takes the whole page; the others are said. */
  const refused = (error: unknown, say: (message: string) => void) => {
    if (isRefusedCode(error)) onRefused(messageOf(error));
    else say(messageOf(error));
  };

  const order = async () => {
    const attempt = cart.attempt ?? newId();
    const lines = cart.lines;
    setCart({ lines, attempt });
    setSending(true);
    setRefusal(null);
    try {
      const answer = await placeOrder({ ...code, name, items: lines.map(({ line }) => line) }, attempt);
      setCart({ lines: [], attempt: null });
      setOpen(null);
      setNotice({
        text: menu.store.approval ? GUEST_MESSAGES.orderedHeld : GUEST_MESSAGES.ordered,
        tone: 'ok',
      });
      accept(answer);
    } catch (error) {
      refused(error, setRefusal);
      // The menu's rules refused a line (400, 404, 409): read what the store has now.
      if (error instanceof GuestError && [400, 404, 409].includes(error.status))
        loadMenu(code).then(onMenu, () => undefined);
    } finally {
      setSending(false);
    }
  };

  const waiter = async () => {
    setCalling(true);
    try {
      accept(await callWaiter({ ...code, name }));
      setNotice({ text: GUEST_MESSAGES.waiterCalled, tone: 'ok' });
    } catch (error) {
      refused(error, (text) => setNotice({ text, tone: 'error' }));
    } finally {
      setCalling(false);
    }
  };

  const said = notice ?? (problem ? { text: problem, tone: 'error' as const } : null);
  return (
    <>
      <div className="page" inert={open !== null}>
        <StoreHeader menu={menu} others={tab?.others ?? 0} />
        <p className="muted hello">Olá, {name}!</p>
        {said ? (
          <p role={said.tone === 'error' ? 'alert' : 'status'} className={`notice ${said.tone}`}>
            {said.text}
          </p>
        ) : null}
        {/* The staff moved this phone's tab: this table's code no longer leads to it. */}
        {tab?.moved_to != null ? (
          <p role="alert" className="notice error">
            {GUEST_MESSAGES.moved(tab.moved_to)}
          </p>
        ) : null}
        <main>
          {tab && tab.items.length > 0 ? <Ticket tab={tab} /> : null}
          <MenuList
            menu={menu}
            onPick={(product) => {
              setNotice(null);
              setOpen(product);
            }}
          />
        </main>
        <div className="bar">
          {/* Said where the button is, as long as the waiter has not come (the notice says it once). */}
          {tab?.waiter_called && said?.text !== GUEST_MESSAGES.waiterCalled ? (
            <p className="muted small waiter-note">{GUEST_MESSAGES.waiterCalled}</p>
          ) : null}
          <button
            type="button"
            className="secondary"
            disabled={calling || tab?.waiter_called === true}
            onClick={() => void waiter()}
          >
            <BellIcon />
            Chamar garçom
          </button>
          {count > 0 ? (
            <button
              type="button"
              className="primary"
              onClick={() => {
                setNotice(null);
                setOpen('cart');
              }}
            >
              <BagIcon />
              {`Ver pedido (${count}) · ${formatCents(total)}`}
            </button>
          ) : null}
        </div>
      </div>
      {open === 'cart' ? (
        <CartSheet
          lines={reviewed}
          total={total}
          refusal={refusal}
          sending={sending}
          onQuantity={(key, quantity) =>
            changeLines(
              cart.lines.map((one) => (one.key === key ? { key, line: { ...one.line, quantity } } : one)),
            )
          }
          onRemove={(key) => changeLines(cart.lines.filter((one) => one.key !== key))}
          onOrder={() => void order()}
          onClose={() => setOpen(null)}
        />
      ) : open ? (
        <ProductSheet product={open} menu={menu.products} onAdd={add} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
