import { describe, expect, it } from 'vitest';
import {
  customShareProblem,
  equalShares,
  itemAmount,
  itemDues,
  servicePart,
  proportionalShares,
  splitByItems,
  type SplitLine,
} from '../../contract/resources/tabs/split';
import { Random } from '../../server/seed/random';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** A random tab: 1 to 8 guests, 1 to 20 lines, some shared, and the bill's service on them. */
function randomTab(random: Random) {
  const payers = Array.from({ length: random.int(1, 8) }, (_, index) => `convidado-${index + 1}`);
  const lines: SplitLine[] = Array.from({ length: random.int(1, 20) }, () => {
    const sharing = payers.filter(() => random.chance(0.35));
    return {
      // From a R$ 0,01 complement to a R$ 2.000,00 bottle, times its quantity.
      amount: random.int(1, 200_000) * random.int(1, 4),
      payers: sharing.length > 0 ? sharing : [payers[random.int(0, payers.length - 1)]!],
    };
  });
  const rate = [0, 10, 12, 13][random.int(0, 3)]!;
  const service = Math.round((sum(lines.map((line) => line.amount)) * rate) / 100);
  return { payers, lines, service };
}

const TABS = 1_500;

describe('splitting a bill, to the centavo', () => {
  it('splits in equal shares that add up and differ by one centavo at most, the extra ones first', () => {
    expect(equalShares(10_001, 4)).toEqual([2_501, 2_500, 2_500, 2_500]);
    expect(equalShares(2, 3)).toEqual([1, 1, 0]);
    expect(equalShares(0, 2)).toEqual([0, 0]);
    const random = new Random('partes iguais');
    for (let n = 0; n < TABS; n++) {
      const total = random.int(0, 5_000_000);
      const parts = random.int(1, 12);
      const shares = equalShares(total, parts);
      expect(sum(shares)).toBe(total);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    }
    expect(() => equalShares(100, 0)).toThrow();
    expect(() => equalShares(10.5, 2)).toThrow();
  });

  it('splits in proportion within one centavo of the exact part, adding up', () => {
    expect(proportionalShares(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(proportionalShares(500, [5_000, 0, 2_500])).toEqual([333, 0, 167]);
    expect(proportionalShares(7, [0, 0])).toEqual([4, 3]);
    const random = new Random('proporção');
    for (let n = 0; n < TABS; n++) {
      const total = random.int(0, 1_000_000);
      const weights = Array.from({ length: random.int(1, 10) }, () =>
        random.chance(0.2) ? 0 : random.int(1, 900_000),
      );
      const shares = proportionalShares(total, weights);
      expect(sum(shares)).toBe(total);
      const whole = sum(weights);
      shares.forEach((share, index) => {
        const exact = whole === 0 ? total / weights.length : (total * weights[index]!) / whole;
        expect(Math.abs(share - exact)).toBeLessThan(1);
      });
    }
  });

  it(`splits ${TABS} random tabs by item: the shares add up to the bill, the service in proportion, every line paid whole`, () => {
    const random = new Random('por item');
    for (let n = 0; n < TABS; n++) {
      const { payers, lines, service } = randomTab(random);
      const shares = splitByItems(lines, payers, service);
      const subtotal = sum(lines.map((line) => line.amount));
      // To the centavo: items, service and totals.
      expect(sum(shares.map((share) => share.items))).toBe(subtotal);
      expect(sum(shares.map((share) => share.service))).toBe(service);
      expect(sum(shares.map((share) => share.total))).toBe(subtotal + service);
      for (const share of shares) {
        expect(share.items).toBeGreaterThanOrEqual(0);
        expect(share.total).toBe(share.items + share.service);
        // The service in proportion to what each one's items came to, within a centavo.
        expect(
          Math.abs(share.service - (subtotal === 0 ? 0 : (service * share.items) / subtotal)),
        ).toBeLessThan(1);
        // Each one pays, of each line they share, its equal part (within the centavo left over).
        const expected = sum(
          lines
            .filter((line) => line.payers.includes(share.payer))
            .map((line) => line.amount / new Set(line.payers).size),
        );
        const sharedLines = lines.filter((line) => line.payers.includes(share.payer)).length;
        expect(Math.abs(share.items - expected)).toBeLessThanOrEqual(sharedLines);
      }
      // The same tab splits the same way.
      expect(splitByItems(lines, payers, service)).toEqual(shares);
    }
  });

  it(`spreads ${TABS} random tabs' bills over their items, service and discount with them, and a split by item of them all adds up to the tab`, () => {
    expect(
      itemAmount({ product_price: 3_000, quantity: 2, complements: [{ price: 250, quantity: 2 }] }),
    ).toBe(7_000);
    const random = new Random('itens da comanda');
    let id = 0;
    for (let n = 0; n < TABS; n++) {
      const rate = [0, 10, 12][random.int(0, 2)]!;
      const tickets = Array.from({ length: random.int(1, 6) }, () => {
        const items = Array.from({ length: random.int(0, 6) }, () => ({
          id: ++id,
          amount: random.int(1, 90_000) * random.int(1, 3),
        }));
        const subtotal = sum(items.map((item) => item.amount));
        const service = random.chance(0.2) ? 0 : Math.round((subtotal * rate) / 100);
        const discount = random.chance(0.2) ? random.int(0, subtotal + service) : 0;
        return { total: subtotal + service - discount, items };
      });
      const dues = itemDues(tickets);
      const billed = tickets.filter((ticket) => ticket.items.length > 0);
      expect(sum([...dues.values()])).toBe(sum(billed.map((ticket) => ticket.total)));
      for (const ticket of billed)
        expect(sum(ticket.items.map((item) => dues.get(item.id)!))).toBe(ticket.total);
      // Every item to one or more of three payers: the shares add up to the tab.
      const payers = ['a', 'b', 'c'];
      const lines = [...dues].map(([, amount]) => ({
        amount,
        payers: payers.filter(() => random.chance(0.5)).concat(payers[random.int(0, 2)]!),
      }));
      expect(sum(splitByItems(lines, payers, 0).map((share) => share.total))).toBe(
        sum(billed.map((ticket) => ticket.total)),
      );
    }
  });

  it(`tells, of ${TABS} random bills paid in random payments, what paid the service: all of it once paid in full`, () => {
    expect(servicePart({ service_charge: 500, total: 5_500, total_paid: 0 }, 5_200)).toBe(473);
    expect(servicePart({ service_charge: 500, total: 5_500, total_paid: 5_200 }, 300)).toBe(27);
    expect(servicePart({ service_charge: 0, total: 5_000, total_paid: 0 }, 5_000)).toBe(0);
    const random = new Random('serviço pago');
    for (let n = 0; n < TABS; n++) {
      const subtotal = random.int(1, 500_000);
      const service = Math.round((subtotal * [10, 12, 13][random.int(0, 2)]!) / 100);
      const total = subtotal + service - (random.chance(0.2) ? random.int(0, subtotal) : 0);
      let paid = 0;
      let serviced = 0;
      while (paid < total) {
        const amount = random.chance(0.3) ? total - paid : random.int(1, total - paid);
        const part = servicePart({ service_charge: service, total, total_paid: paid }, amount);
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(amount);
        paid += amount;
        serviced += part;
      }
      expect(serviced).toBe(Math.min(service, total));
    }
  });

  it('divides a shared bottle between two, the extra centavo of each line to the next payer in turn', () => {
    const shares = splitByItems(
      [
        { amount: 9_001, payers: ['ana', 'bruno'] },
        { amount: 3_001, payers: ['ana', 'bruno'] },
        { amount: 4_000, payers: ['carla'] },
      ],
      ['ana', 'bruno', 'carla'],
      1_600,
    );
    expect(shares).toEqual([
      { payer: 'ana', items: 6_001, service: 600, total: 6_601 },
      { payer: 'bruno', items: 6_001, service: 600, total: 6_601 },
      { payer: 'carla', items: 4_000, service: 400, total: 4_400 },
    ]);
  });

  it('takes a custom amount only when it fits in what remains', () => {
    expect(customShareProblem(5_000, 5_000)).toBeNull();
    expect(customShareProblem(5_001, 5_000)).toBe('O valor é maior que o que falta pagar.');
    expect(customShareProblem(0, 5_000)).toBe('Informe um valor maior que zero.');
    expect(customShareProblem(10.5, 5_000)).toBe('Informe um valor maior que zero.');
  });
});
