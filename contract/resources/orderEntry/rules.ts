/**
 * What an order may hold, checked against the store's menu: the product exists and can be had, its
 * complements are options of its groups within each group's minimum, maximum and repeat rule,
 * observations only where the product takes them, a sane quantity. The server (every order,
 * whoever places it), the waiter's order entry and the guest page read the same rules, and price a
 * line the same way: from the menu, never from a price the line carries.
 * Pure TypeScript, no zod: the guest page ships it.
 */

/** A complement group's option: a product of the store, at its own price. */
export interface MenuOption {
  product_id: number;
  name: string;
  /** Cents. */
  price: number;
  /** False when the option's product is unavailable. */
  available: boolean;
}

/** A complement group as one product offers it (restaurant spec 3: min and max 0 to 10). */
export interface MenuGroup {
  id: number;
  name: string;
  min: number;
  max: number;
  /** 'Repetir a opção': an option may be chosen more than once. */
  allow_repeat: boolean;
  options: MenuOption[];
}

/** A product of the menu with the complement groups it offers, in their order. */
export interface MenuProduct {
  id: number;
  name: string;
  /** Cents. */
  price: number;
  /** False also when its category is unavailable. */
  available: boolean;
  /** Ordered only as another product's complement. */
  complement_only: boolean;
  allow_observations: boolean;
  kitchen_id: number | null;
  thumbnail: string | null;
  groups: MenuGroup[];
}

/** The store's menu, as the rules see it. */
export interface MenuView {
  products: MenuProduct[];
}

/** One option chosen in one group of the line's product. */
export interface ChosenComplement {
  group_id: number;
  product_id: number;
  quantity: number;
}

/** One line of an order, as a waiter or a guest sends it. */
export interface OrderLine {
  product_id: number;
  quantity: number;
  complements: ChosenComplement[];
  observations: string | null;
}

/** A complement of a priced line, named and priced from the menu. */
export interface PricedComplement extends ChosenComplement {
  name: string;
  /** Cents, each. */
  price: number;
}

/** A line the menu allows, with what the kitchen and the bill need. */
export interface PricedLine {
  product_id: number;
  name: string;
  thumbnail: string | null;
  kitchen_id: number | null;
  /** Cents: the product alone. */
  product_price: number;
  quantity: number;
  /** Trimmed; null when blank. */
  observations: string | null;
  /** An option chosen twice in one group is one entry with both quantities. */
  complements: PricedComplement[];
  /** Cents: the product with its complements, once. */
  unit: number;
  /** Cents: `unit` × `quantity`. */
  total: number;
}

export interface Refusal {
  ok: false;
  status: 400 | 404 | 409;
  message: string;
}

export type LineCheck = { ok: true; line: PricedLine } | Refusal;
export type OrderCheck = { ok: true; lines: PricedLine[] } | Refusal;

export const MAX_LINES = 30;
export const MAX_QUANTITY = 50;
export const MAX_OBSERVATIONS = 140;

const options = (count: number) => `${count} ${count === 1 ? 'opção' : 'opções'}`;

/**
 * The refusals. 'Produto não encontrado.' and 'Complemento não encontrado.' are the texts the
 * products' definition and `placeItems` give; restated here, since importing the definition would
 * bring zod into the guest page.
 */
export const ORDER_ENTRY_MESSAGES = {
  productNotFound: 'Produto não encontrado.',
  complementNotFound: 'Complemento não encontrado.',
  productUnavailable: (product: string) => `O produto ${product} está indisponível.`,
  complementOnly: (product: string) => `${product} só pode ser pedido como complemento.`,
  notInGroup: (option: string, group: string, product: string) =>
    `O complemento ${option} não faz parte de "${group}" em ${product}.`,
  optionUnavailable: (option: string) => `O complemento ${option} está indisponível.`,
  belowMin: (min: number, group: string, product: string) =>
    `Escolha pelo menos ${options(min)} em "${group}" para ${product}.`,
  aboveMax: (max: number, group: string, product: string) =>
    `Escolha no máximo ${options(max)} em "${group}" para ${product}.`,
  repeated: (group: string) => `Em "${group}" cada opção só pode ser escolhida uma vez.`,
  noObservations: (product: string) => `O produto ${product} não aceita observações.`,
  observationsTooLong: `A observação pode ter no máximo ${MAX_OBSERVATIONS} caracteres.`,
  quantity: `A quantidade deve ser de 1 a ${MAX_QUANTITY}.`,
  noLines: 'Escolha ao menos um item.',
  tooManyLines: `Um pedido pode ter no máximo ${MAX_LINES} itens.`,
} as const;

const M = ORDER_ENTRY_MESSAGES;

const refuse = (status: Refusal['status'], message: string): Refusal => ({ ok: false, status, message });

/**
 * Where a group stands with the options chosen in it, for the forms: how many are chosen, whether
 * one more may be added, how many are still needed, and what is wrong (the refusal `checkLine`
 * would give: a repeat where none is allowed, then over the maximum, then under the minimum).
 */
export interface GroupState {
  count: number;
  canAdd: boolean;
  missing: number;
  message: string | null;
}

/** `chosen`: the options chosen in `group` alone; `productName` is the product the messages name. */
export function groupState(
  group: MenuGroup,
  chosen: readonly { product_id: number; quantity: number }[],
  productName: string,
): GroupState {
  const count = chosen.reduce((sum, option) => sum + option.quantity, 0);
  const chosenIds = new Set(chosen.map((option) => option.product_id));
  const repeated = chosenIds.size < chosen.length || chosen.some((option) => option.quantity > 1);
  const message =
    repeated && !group.allow_repeat
      ? M.repeated(group.name)
      : count > group.max
        ? M.aboveMax(group.max, group.name, productName)
        : count < group.min
          ? M.belowMin(group.min, group.name, productName)
          : null;
  const canAdd =
    count < group.max &&
    group.options.some(
      (option) => option.available && (group.allow_repeat || !chosenIds.has(option.product_id)),
    );
  return { count, canAdd, missing: Math.max(0, group.min - count), message };
}

/** A group whose minimum its available options can reach (one option reaches any when it may repeat). */
function canBeMet(group: MenuGroup): boolean {
  const available = group.options.filter((option) => option.available).length;
  return group.min === 0 || (group.allow_repeat ? available > 0 : available >= group.min);
}

/**
 * Whether `product` can be ordered now, as a line of its own: available (its category too), not a
 * complement only, and each group's minimum reachable with the options available. The menus show
 * the others as unavailable; `checkLine` refuses them.
 */
export function isOrderable(product: MenuProduct): boolean {
  return product.available && !product.complement_only && product.groups.every(canBeMet);
}

/**
 * The price of a line of `product`: the product plus each option's price times its quantity, all
 * times the line's quantity. Options `product` does not offer count nothing (`checkLine` refuses
 * them); a price the line may carry is never read.
 */
export function priceLine(product: MenuProduct, line: Pick<OrderLine, 'quantity' | 'complements'>) {
  const unit =
    product.price +
    line.complements.reduce((sum, chosen) => {
      const option = product.groups
        .find((group) => group.id === chosen.group_id)
        ?.options.find((candidate) => candidate.product_id === chosen.product_id);
      return sum + (option ? option.price * chosen.quantity : 0);
    }, 0);
  return { unit, total: unit * line.quantity };
}

/** The menu looked up by id: products, and the names of groups and options for the refusals. */
interface MenuIndex {
  products: Map<number, MenuProduct>;
  groupNames: Map<number, string>;
  optionNames: Map<number, string>;
}

function indexMenu(menu: MenuView): MenuIndex {
  const index: MenuIndex = { products: new Map(), groupNames: new Map(), optionNames: new Map() };
  for (const product of menu.products) {
    index.products.set(product.id, product);
    index.optionNames.set(product.id, product.name);
    for (const group of product.groups) {
      index.groupNames.set(group.id, group.name);
      for (const option of group.options) index.optionNames.set(option.product_id, option.name);
    }
  }
  return index;
}

const isQuantity = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;

function check(line: OrderLine, index: MenuIndex): LineCheck {
  const product = index.products.get(line.product_id);
  if (!product) return refuse(404, M.productNotFound);
  if (!product.available || !product.groups.every(canBeMet))
    return refuse(409, M.productUnavailable(product.name));
  if (product.complement_only) return refuse(400, M.complementOnly(product.name));
  if (!isQuantity(line.quantity, MAX_QUANTITY)) return refuse(400, M.quantity);
  const observations = line.observations?.trim() || null;
  if (observations !== null) {
    if (!product.allow_observations) return refuse(400, M.noObservations(product.name));
    if (observations.length > MAX_OBSERVATIONS) return refuse(400, M.observationsTooLong);
  }

  const complements: PricedComplement[] = [];
  for (const chosen of line.complements) {
    if (!isQuantity(chosen.quantity, MAX_QUANTITY)) return refuse(400, M.quantity);
    const group = product.groups.find((candidate) => candidate.id === chosen.group_id);
    const option = group?.options.find((candidate) => candidate.product_id === chosen.product_id);
    if (!group || !option) {
      const groupName = group?.name ?? index.groupNames.get(chosen.group_id);
      const optionName = index.optionNames.get(chosen.product_id);
      if (groupName === undefined || optionName === undefined) return refuse(404, M.complementNotFound);
      return refuse(400, M.notInGroup(optionName, groupName, product.name));
    }
    if (!option.available) return refuse(409, M.optionUnavailable(option.name));
    complements.push({
      group_id: group.id,
      product_id: option.product_id,
      quantity: chosen.quantity,
      name: option.name,
      price: option.price,
    });
  }
  for (const group of product.groups) {
    const state = groupState(
      group,
      complements.filter((chosen) => chosen.group_id === group.id),
      product.name,
    );
    if (state.message !== null) return refuse(400, state.message);
  }

  const merged = new Map<string, PricedComplement>();
  for (const complement of complements) {
    const key = `${complement.group_id}:${complement.product_id}`;
    const same = merged.get(key);
    merged.set(key, same ? { ...same, quantity: same.quantity + complement.quantity } : complement);
  }
  const { unit, total } = priceLine(product, line);
  return {
    ok: true,
    line: {
      product_id: product.id,
      name: product.name,
      thumbnail: product.thumbnail,
      kitchen_id: product.kitchen_id,
      product_price: product.price,
      quantity: line.quantity,
      observations,
      complements: [...merged.values()],
      unit,
      total,
    },
  };
}

/** One line against the menu: priced, or the first rule it breaks. */
export function checkLine(line: OrderLine, menu: MenuView): LineCheck {
  return check(line, indexMenu(menu));
}

/** A whole order: 1 to 30 lines, all priced, or the first line's refusal (nothing of it is placed). */
export function checkOrder(lines: readonly OrderLine[], menu: MenuView): OrderCheck {
  if (lines.length === 0) return refuse(400, M.noLines);
  if (lines.length > MAX_LINES) return refuse(400, M.tooManyLines);
  const index = indexMenu(menu);
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const checked = check(line, index);
    if (!checked.ok) return checked;
    priced.push(checked.line);
  }
  return { ok: true, lines: priced };
}
