import type { PainelDataProvider } from '../../../dataProvider';
import type { Draft } from '../../../../contract/resources/orderEntry/input';
import type { OrderLine, PricedLine } from '../../../../contract/resources/orderEntry/rules';

/** The caller's draft for one guest (the tabs' `draft` call). */
export async function readDraft(dataProvider: PainelDataProvider, orderId: number, ticketId: number) {
  const { data } = await dataProvider.action('commands', {
    id: orderId,
    action: 'draft',
    params: { ticket_id: ticketId },
  });
  return data as unknown as Draft;
}

/** Replaces the caller's draft for one guest whole, no prices sent (none of its lines: dropped). */
export async function saveDraft(
  dataProvider: PainelDataProvider,
  orderId: number,
  ticketId: number,
  items: OrderLine[],
) {
  const { data } = await dataProvider.action('commands', {
    id: orderId,
    action: 'saveDraft',
    params: { ticket_id: ticketId },
    data: { items },
  });
  return data as unknown as Draft;
}

/** A line of a draft as the order entry holds it: what goes to the server, and as the server priced it. */
export function lineOfDraft(item: Draft['items'][number]): { line: OrderLine; priced: PricedLine } {
  const complements = item.complements.map(({ group_id, product_id, quantity }) => ({
    group_id,
    product_id,
    quantity,
  }));
  const extras = item.complements.reduce(
    (sum, complement) => sum + complement.price * complement.quantity,
    0,
  );
  return {
    line: {
      product_id: item.product_id,
      quantity: item.quantity,
      complements,
      observations: item.observations,
    },
    priced: {
      product_id: item.product_id,
      name: item.name,
      thumbnail: null,
      kitchen_id: null,
      product_price: item.unit - extras,
      quantity: item.quantity,
      observations: item.observations,
      complements: item.complements,
      unit: item.unit,
      total: item.total,
    },
  };
}
