/**
 * Splitting a bill ("divide por quatro", "eu pago o meu", "o vinho é dos dois"), to the centavo.
 * Every split here adds up to exactly what it splits: amounts are whole centavos, and the centavos
 * a division leaves over go to the first parts in a stated order, so the same bill always splits
 * the same way. Pure: the floor shows it, the server checks it, the property tests hold it.
 */

/**
 * `total` in `parts` equal shares, to the centavo: the first `total % parts` shares carry one
 * centavo more (R$ 100,01 by 4: 25,01 + 25,00 + 25,00 + 25,00).
 */
export function equalShares(total: number, parts: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`valor inválido: ${total}`);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`partes inválidas: ${parts}`);
  const base = Math.floor(total / parts);
  const over = total - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < over ? 1 : 0));
}

/**
 * `total` in proportion to `weights` (largest remainders: each share is its exact proportion
 * rounded down, and the centavos left go to the largest fractions, the earlier share on a tie).
 * No weight at all: equal shares.
 */
export function proportionalShares(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`valor inválido: ${total}`);
  if (weights.length === 0) throw new RangeError('sem partes');
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0))
    throw new RangeError('peso inválido');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return equalShares(total, weights.length);
  // BigInt: total × weight can pass 2^53 for a large bill.
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((value) => Number(value / BigInt(sum)));
  const rests = exact.map((value, index) => ({ index, rest: value % BigInt(sum) }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  rests.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of rests) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** A line of the bill: what it costs (items with their complements, times the quantity) and who shares it. */
export interface SplitLine {
  amount: number;
  /** The payers who share it (one: theirs alone). */
  payers: readonly string[];
}

/** One payer's part of a split by item: their items, their part of the service, and the sum. */
export interface ItemShare {
  payer: string;
  items: number;
  service: number;
  total: number;
}

/**
 * A bill split by item: each line divided equally among the payers who share it (the extra
 * centavos of line n going first to its n-th payer, and so on round, so no one always pays them),
 * and the bill's service charge (`service`, in centavos, as the bill charged it) divided in
 * proportion to what each one's items came to. The shares add up to the items plus the service,
 * exactly. `payers` gives the order of the answer (and those who share nothing get 0).
 */
export function splitByItems(
  lines: readonly SplitLine[],
  payers: readonly string[],
  service: number,
): ItemShare[] {
  if (!Number.isSafeInteger(service) || service < 0) throw new RangeError(`serviço inválido: ${service}`);
  const items = new Map(payers.map((payer) => [payer, 0]));
  lines.forEach((line, index) => {
    const sharing = [...new Set(line.payers)];
    if (sharing.length === 0) throw new RangeError('item sem quem pague');
    for (const payer of sharing)
      if (!items.has(payer)) throw new RangeError(`pagante desconhecido: ${payer}`);
    const parts = equalShares(line.amount, sharing.length);
    const start = index % sharing.length;
    sharing.forEach((payer, at) => {
      items.set(payer, items.get(payer)! + parts[(at - start + sharing.length) % sharing.length]!);
    });
  });
  const byItems = payers.map((payer) => items.get(payer)!);
  const services = proportionalShares(service, byItems);
  return payers.map((payer, index) => ({
    payer,
    items: byItems[index]!,
    service: services[index]!,
    total: byItems[index]! + services[index]!,
  }));
}

/** What an item of a bill costs: its price with its complements, times its quantity. */
export function itemAmount(item: {
  product_price: number;
  quantity: number;
  complements: readonly { price: number; quantity: number }[];
}): number {
  const unit = item.product_price + item.complements.reduce((sum, c) => sum + c.price * c.quantity, 0);
  return unit * item.quantity;
}

/**
 * What each item of a tab comes to in its guest's bill: the ticket's total (its items, its service
 * charge, less its discount) spread over its items by what they cost, so that the items of a tab
 * add up to the tab's total to the centavo — and a split by item divides the service and the
 * discount as the bills charged them.
 */
export function itemDues(
  tickets: readonly { total: number; items: readonly { id: number; amount: number }[] }[],
): Map<number, number> {
  const dues = new Map<number, number>();
  for (const ticket of tickets) {
    if (ticket.items.length === 0) continue;
    const parts = proportionalShares(
      Math.max(0, ticket.total),
      ticket.items.map((item) => Math.max(0, item.amount)),
    );
    ticket.items.forEach((item, index) => dues.set(item.id, parts[index]!));
  }
  return dues;
}

/**
 * What of a payment of `amount` to a bill pays its service charge: the service in proportion to
 * what the payments cover of the bill's total, reckoned on what they cover so far (`paid` before
 * this one), so that the payments of a bill paid in full add up to its service to the centavo,
 * whatever their number. Migration 0032's `rebuild_payment_services()` reckons the same in SQL.
 */
export function servicePart(
  bill: { service_charge: number; total: number; total_paid: number },
  amount: number,
): number {
  if (bill.total <= 0 || bill.service_charge <= 0) return 0;
  const upTo = (paid: number) => Math.round((bill.service_charge * Math.min(bill.total, paid)) / bill.total);
  return Math.max(0, Math.min(amount, upTo(bill.total_paid + amount) - upTo(bill.total_paid)));
}

/** Why a custom amount cannot be a share of what remains, or null when it can. */
export function customShareProblem(amount: number, remaining: number): string | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'Informe um valor maior que zero.';
  if (amount > remaining) return 'O valor é maior que o que falta pagar.';
  return null;
}
