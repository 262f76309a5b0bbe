import { expect } from 'vitest';
import { isOrderable, type MenuProduct } from '../../contract/resources/orderEntry/rules';

/**
 * A waiter sends `quantity` of a dish to the kitchen for a guest of one of the store's open tabs,
 * through the API with `token`, as the floor's order entry does: the first product that needs no
 * complement and has a kitchen. A tab the simulator's busser closes meanwhile refuses it (409):
 * the next open tab takes it.
 */
export async function waiterOrders(baseUrl: string, token: string, quantity = 1): Promise<void> {
  const api = async <T>(path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, data: ((await response.json()) as { data: T }).data };
  };
  const menu = (await api<{ products: MenuProduct[] }>('/api/orders/menu')).data;
  const dish = menu.products.find(
    (product) =>
      isOrderable(product) && product.kitchen_id !== null && product.groups.every((group) => group.min === 0),
  )!;
  const { results } = (
    await api<{ results: { order: { id: number; status: string } | null }[] }>('/api/tables?page_size=500')
  ).data;
  for (const { order } of results) {
    if (order?.status !== 'OPENED') continue;
    const tab = (await api<{ tickets: { id: number }[] }>(`/api/orders/id/${order.id}`)).data;
    const sent = await api(`/api/orders/id/${order.id}/items`, {
      ticket_id: tab.tickets[0]!.id,
      items: [{ product_id: dish.id, quantity }],
    });
    if (sent.status === 201) return;
    expect(sent.status).toBe(409);
  }
  throw new Error('Nenhuma comanda aberta recebeu o pedido.');
}
