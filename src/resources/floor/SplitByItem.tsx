import { useMemo, useState } from 'react';
import { Button, List, ListItem, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { formatCents } from '../../../contract/lib/format';
import type { Order } from '../../../contract/resources/tabs/definition';
import type { SplitInput } from '../../../contract/resources/tabs/shares';
import { itemAmount, itemDues, splitByItems } from '../../../contract/resources/tabs/split';

/** An item of the tab that a split by item may name, with who pays it by default (its guest). */
interface SplittableItem {
  id: number;
  text: string;
  due: number;
  guest: number;
}

/**
 * The tab's payers (its guests with something on the bill) and the items no share holds yet, each
 * with its part of its guest's bill (`itemDues`: service and discount go with the item), as the
 * server reckons it.
 */
function splittable(order: Order, taken: ReadonlySet<number>) {
  const billed = order.tickets
    .map((ticket) => ({
      name: ticket.customer.fullname,
      total: ticket.total,
      items: ticket.items.filter((item) => item.status !== 'CANCELLED'),
    }))
    .filter((ticket) => ticket.items.length > 0);
  const dues = itemDues(
    billed.map((ticket) => ({
      total: ticket.total,
      items: ticket.items.map((item) => ({ id: item.id, amount: itemAmount(item) })),
    })),
  );
  const items: SplittableItem[] = billed.flatMap((ticket, guest) =>
    ticket.items
      .filter((item) => !taken.has(item.id))
      .map((item) => ({
        id: item.id,
        text: `${item.quantity}× ${item.name}`,
        due: dues.get(item.id) ?? 0,
        guest,
      })),
  );
  return { payers: billed.map((ticket) => ticket.name.slice(0, 60)), items };
}

/**
 * 'Por item': who pays each item of the tab — by default its guest; tap more names to share it
 * ("o vinho é dos dois"), or none to leave it for the other modes — with each one's part shown
 * before it is split (the same reckoning as the server's, to the centavo).
 */
export function SplitByItem({
  order,
  taken,
  busy,
  onSplit,
}: {
  order: Order;
  /** Items a standing share already holds. */
  taken: ReadonlySet<number>;
  busy: boolean;
  onSplit: (input: SplitInput) => Promise<boolean>;
}) {
  const { payers, items } = useMemo(() => splittable(order, taken), [order, taken]);
  const [chosen, setChosen] = useState<Record<number, number[]>>({});
  const payersOf = (item: SplittableItem) => chosen[item.id] ?? [item.guest];
  const lines = items
    .map((item) => ({ item_id: item.id, amount: item.due, payers: payersOf(item) }))
    .filter((line) => line.payers.length > 0);
  const parts =
    lines.length > 0
      ? splitByItems(
          lines.map((line) => ({ amount: line.amount, payers: line.payers.map(String) })),
          payers.map((_, index) => String(index)),
          0,
        )
      : [];
  if (items.length === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-label="Dividir por item">
      <Typography sx={{ fontWeight: 700 }}>Por item</Typography>
      <Typography variant="body2" color="text.secondary">
        Toque nos nomes de quem divide cada item; sem nome, o item fica para as outras partes.
      </Typography>
      <List dense disablePadding aria-label="Itens da conta">
        {items.map((item) => (
          <ListItem key={item.id} disableGutters sx={{ display: 'block', py: 1 }}>
            <Typography>
              {item.text} · {formatCents(item.due)}
            </Typography>
            <ToggleButtonGroup
              value={payersOf(item)}
              onChange={(_, value: number[]) => setChosen({ ...chosen, [item.id]: value })}
              aria-label={`Quem paga ${item.text}`}
              size="small"
              sx={{ flexWrap: 'wrap', mt: 0.5 }}
            >
              {payers.map((payer, index) => (
                <ToggleButton
                  key={index}
                  value={index}
                  sx={{ minHeight: 44, minWidth: 44, textTransform: 'none' }}
                >
                  {payer}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </ListItem>
        ))}
      </List>
      <Typography aria-live="polite">
        {parts
          .map((part, index) => ({ name: payers[index]!, total: part.total }))
          .filter((part) => part.total > 0)
          .map((part) => `${part.name}: ${formatCents(part.total)}`)
          .join(' · ')}
      </Typography>
      <Button
        variant="outlined"
        disabled={busy || lines.length === 0}
        onClick={() =>
          void onSplit({
            mode: 'items',
            payers,
            lines: lines.map(({ item_id, payers: who }) => ({ item_id, payers: who })),
          }).then((ok) => {
            if (ok) setChosen({});
          })
        }
        sx={{ minHeight: 56, alignSelf: 'flex-start' }}
      >
        Dividir por item
      </Button>
    </Stack>
  );
}
