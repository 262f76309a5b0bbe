/**
 * Cantina Bella's menu as its point of sale knows it: the local OPDV's catalogue (server/opdv/
 * stand-in.ts). Six categories, two with a sub-category, forty items; some descriptions empty,
 * some pictures missing (the point of sale answers 404 for them) and a few items without one,
 * as a real menu kept by busy people has.
 */

/** Cantina Bella's token in the demo (server/seed/build/stores.ts). */
export const DEMO_OPDV_TOKEN = 'opdv-demo-cantinabella-7f3a9c';

/** How an item's picture answers: a real image, a broken address (404), or none at all. */
export type PictureState = 'ok' | 'broken' | 'none';

export interface StandInOption {
  code: string;
  name: string;
  price: string;
}

export interface StandInItem {
  code: string;
  name: string;
  description: string;
  price: string;
  picture: PictureState;
  /** Hue of the drawn picture. */
  hue: number;
  options: StandInOption[];
}

export interface StandInCategory {
  code: string;
  name: string;
  categories: StandInCategory[];
  items: StandInItem[];
}

const item = (
  code: string,
  name: string,
  price: string,
  description: string,
  hue: number,
  picture: PictureState = 'ok',
  options: StandInOption[] = [],
): StandInItem => ({ code, name, description, price, picture, hue, options });

const SIZES = [
  { code: 'TAM-M', name: 'Média (6 fatias)', price: '0.00' },
  { code: 'TAM-G', name: 'Grande (8 fatias)', price: '12.00' },
];
const DONENESS = [
  { code: 'PTO-MAL', name: 'Mal passado', price: '0.00' },
  { code: 'PTO-AO', name: 'Ao ponto', price: '0.00' },
  { code: 'PTO-BEM', name: 'Bem passado', price: '0.00' },
];

export const CANTINA_BELLA_CATALOGUE: StandInCategory[] = [
  {
    code: 'CAT-ANT',
    name: 'Antipasti',
    categories: [],
    items: [
      item(
        'OP-1001',
        'Bruschetta al pomodoro',
        '24.90',
        'Pão italiano tostado, tomate, manjericão e azeite.',
        12,
      ),
      item('OP-1002', 'Carpaccio di manzo', '42.90', 'Lâminas de filé, alcaparras, rúcula e parmesão.', 355),
      item(
        'OP-1003',
        'Burrata pugliese',
        '48.00',
        'Burrata com tomates-cereja assados e pesto.',
        40,
        'broken',
      ),
      item('OP-1004', 'Caprese', '36.50', '', 100),
      item('OP-1005', 'Arancini siciliani', '29.90', 'Bolinhos de risoto recheados com ragù e muçarela.', 30),
      item('OP-1006', 'Polpette al sugo', '32.00', 'Almôndegas ao molho de tomate da casa.', 5, 'none'),
      item('OP-1007', 'Focaccia al rosmarino', '19.90', '', 45),
    ],
  },
  {
    code: 'CAT-PRI',
    name: 'Primi piatti',
    categories: [
      {
        code: 'CAT-PRI-FRE',
        name: 'Paste fresche',
        categories: [],
        items: [
          item(
            'OP-2101',
            'Lasagna alla bolognese',
            '64.90',
            'Massa fresca, ragù de carne e bechamel gratinado.',
            15,
          ),
          item('OP-2102', 'Fettuccine Alfredo', '56.00', 'Molho de manteiga e parmesão.', 50),
          item('OP-2103', 'Ravioli di ricotta e spinaci', '59.90', '', 120, 'broken'),
          item('OP-2104', 'Tortellini in brodo', '49.90', 'Tortellini de carne em caldo de galinha.', 35),
        ],
      },
    ],
    items: [
      item(
        'OP-2001',
        'Spaghetti alla carbonara',
        '58.90',
        'Guanciale, gema, pecorino e pimenta-do-reino.',
        48,
      ),
      item('OP-2002', "Penne all'arrabbiata", '46.90', 'Molho de tomate picante com alho e salsinha.', 2),
      item('OP-2003', 'Risotto ai funghi porcini', '72.00', 'Arbório, funghi porcini e parmesão.', 30),
      item('OP-2004', 'Gnocchi al pesto', '54.90', '', 110),
    ],
  },
  {
    code: 'CAT-PIZ',
    name: 'Pizze',
    categories: [
      {
        code: 'CAT-PIZ-DOL',
        name: 'Pizze dolci',
        categories: [],
        items: [
          item(
            'OP-3101',
            'Nutella e fragole',
            '45.00',
            'Creme de avelã e morangos frescos.',
            340,
            'ok',
            SIZES,
          ),
          item(
            'OP-3102',
            'Banana e cannella',
            '39.90',
            'Banana, canela e açúcar mascavo.',
            55,
            'none',
            SIZES,
          ),
        ],
      },
    ],
    items: [
      item(
        'OP-3001',
        'Margherita',
        '49.90',
        'Molho de tomate, muçarela de búfala e manjericão.',
        0,
        'ok',
        SIZES,
      ),
      item('OP-3002', 'Diavola', '56.90', 'Salame picante e muçarela.', 8, 'ok', SIZES),
      item(
        'OP-3003',
        'Quattro formaggi',
        '59.90',
        'Muçarela, gorgonzola, parmesão e provolone.',
        50,
        'ok',
        SIZES,
      ),
      item('OP-3004', 'Capricciosa', '62.00', '', 25, 'broken', SIZES),
      item('OP-3005', 'Marinara', '42.00', 'Tomate, alho, orégano e azeite.', 5, 'ok', SIZES),
      item(
        'OP-3006',
        'Prosciutto e rucola',
        '66.90',
        'Presunto cru, rúcula e lascas de parmesão.',
        90,
        'ok',
        SIZES,
      ),
    ],
  },
  {
    code: 'CAT-SEC',
    name: 'Secondi',
    categories: [],
    items: [
      item(
        'OP-4001',
        'Saltimbocca alla romana',
        '79.90',
        'Escalopes de vitela com presunto cru e sálvia.',
        28,
        'ok',
        DONENESS,
      ),
      item('OP-4002', 'Ossobuco alla milanese', '98.00', 'Ossobuco com risoto de açafrão.', 38),
      item(
        'OP-4003',
        'Pollo alla parmigiana',
        '68.90',
        'Frango empanado, molho de tomate e muçarela gratinada.',
        20,
      ),
      item('OP-4004', 'Branzino al forno', '92.50', '', 200, 'broken'),
      item(
        'OP-4005',
        'Scaloppine al limone',
        '74.00',
        'Escalopes de filé ao molho de limão siciliano.',
        58,
        'ok',
        DONENESS,
      ),
    ],
  },
  {
    code: 'CAT-DOL',
    name: 'Dolci',
    categories: [],
    items: [
      item('OP-5001', 'Tiramisù', '32.90', 'Mascarpone, café e cacau.', 30),
      item('OP-5002', 'Panna cotta ai frutti rossi', '28.00', 'Com calda de frutas vermelhas.', 345),
      item('OP-5003', 'Cannoli siciliani', '26.90', '', 40),
      item('OP-5004', 'Affogato al caffè', '22.00', 'Sorvete de creme com espresso.', 25, 'none'),
      item('OP-5005', 'Gelato artigianale (3 palline)', '24.00', 'Pistache, chocolate e creme.', 80),
    ],
  },
  {
    code: 'CAT-BEV',
    name: 'Bevande',
    categories: [],
    items: [
      item('OP-6001', 'Acqua minerale 500ml', '7.50', '', 200),
      item('OP-6002', 'San Pellegrino limonata', '12.90', 'Lata 330ml.', 55),
      item('OP-6003', 'Chinotto', '11.00', 'Lata 330ml.', 20, 'broken'),
      item('OP-6004', 'Vino della casa (taça)', '29.00', 'Tinto ou branco.', 340),
      item('OP-6005', 'Espresso', '8.50', '', 25),
      item('OP-6006', 'Limoncello', '18.00', 'Dose de 50ml, gelado.', 60),
      item('OP-6007', 'Aperol spritz', '34.90', 'Aperol, espumante e água com gás.', 20),
    ],
  },
];

/** Every item of a catalogue, sub-categories included. */
export function allItems(categories: readonly StandInCategory[]): StandInItem[] {
  return categories.flatMap((category) => [...category.items, ...allItems(category.categories)]);
}
