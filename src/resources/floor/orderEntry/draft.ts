import type { ActionParams, PainelDataProvider } from '../../../dataProvider';
import type { Draft } from '../../../../contract/resources/orderEntry/input';
import type { OrderLine, PricedLine } from '../../../../contract/resources/orderEntry/rules';

/**
 * The draft's calls (`draft`, `saveDraft` of the tabs' definition) name the guest's ticket in their
 * path, `/id/:id/tickets/:ticket_id/draft`, and `dataProvider.action` fills only a call's `:id`:
 * they are asked as the path after the tab, with the definition's methods (a GET sends no body).
 */
const draftCall = (
  orderId: number,
  ticketId: number,
  method: 'GET' | 'PUT',
  data?: Record<string, unknown>,
): [string, ActionParams] => [
  'commands',
  // `action` types the methods of a path after the record (POST, PATCH); it sends any as given.
  { id: orderId, action: `tickets/${ticketId}/draft`, method: method as ActionParams['method'], data },
];

/** The caller's draft for one guest (`GET …/tickets/:ticket_id/draft`). */
export async function readDraft(dataProvider: PainelDataProvider, orderId: number, ticketId: number) {
  return (await dataProvider.action(...draftCall(orderId, ticketId, 'GET'))).data as unknown as Draft;
}

/** Replaces the caller's draft for one guest whole, no prices sent (none of its lines: dropped). */
export async function saveDraft(
  dataProvider: PainelDataProvider,
  orderId: number,
  ticketId: number,
  items: OrderLine[],
) {
  return (await dataProvider.action(...draftCall(orderId, ticketId, 'PUT', { items })))
    .data as unknown as Draft;
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
