/**
 * The demo's restaurants: who they are, where, how busy, and what they serve. Prices in cents.
 * The first two are the stores of the demo staff accounts and have full menus; the others are
 * smaller. Everything else (customers, history, live floor) is generated from these.
 */
import type { DayHours, TimePeriod } from '../db/schema';
import type { PRODUCT_ICONS } from '../db/schema/enums';

type Icon = (typeof PRODUCT_ICONS)[number];

export interface ProductDef {
  name: string;
  price: number;
  description: string;
  /** Index into the store's kitchens; defaults to the category's kitchen. */
  kitchen?: number;
  icon?: Icon;
  /** Keys of the complement groups offered. */
  groups?: string[];
  /** Relative popularity in orders (default 1); drinks are ordered more. */
  weight?: number;
  ratio?: 0.8;
  unavailable?: boolean;
  /** Drinks: no observations. */
  noObservations?: boolean;
}

export interface CategoryDef {
  name: string;
  kitchen: number;
  display?: 'ALL' | 'GRID' | 'LIST';
  /** A drink category: items are ordered in larger quantities and in more tickets. */
  drinks?: boolean;
  products: ProductDef[];
}

export interface GroupDef {
  key: string;
  name: string;
  min: number;
  max: number;
  repeat?: boolean;
  options: [name: string, price: number][];
}

export interface StoreDef {
  name: string;
  slug: string;
  cuisine: string;
  city: string;
  uf: string;
  ddd: string;
  company: string;
  street: string;
  number: string;
  neighborhood: string;
  zip: string;
  description: string;
  fullDescription: string;
  responsible: string;
  status: 'OK' | 'INACTIVE' | 'CLOSED';
  skin: 'WHITE' | 'BLACK';
  serviceCharge: number;
  physicalTax: number;
  digitalTax: number;
  hours: DayHours[];
  reservationHours: DayHours[];
  /** Average tabs a day (before weekday, growth and noise). */
  dailyOrders: number;
  /** Share of tabs at lunch (the rest at dinner). */
  lunch: number;
  /** Share of delivery orders (no table). */
  delivery?: number;
  /** Mean review rating. */
  rating: number;
  /** Days since the store joined the platform. */
  partnerDays: number;
  /**
   * How steeply its sales grew from the day it joined to 90 days ago, as the power of the share
   * of that time gone by: 4 for a store the app caught on at early, 20 (the default) for one where
   * it caught on in the months just before.
   */
  rise?: number;
  /** Days since the store stopped taking orders (INACTIVE, CLOSED). */
  stoppedDays?: number;
  tables: number;
  kitchens: string[];
  groups: GroupDef[];
  categories: CategoryDef[];
  loyalty?: { consumption: number; discount: number; active: boolean };
  /** Hue of the store's images. */
  hue: number;
  bank: { code: string; name: string };
}

/** Opening hours: one set of periods for the listed days. */
function week(...spec: [days: number[], periods: [string, string][]][]): DayHours[] {
  const byDay = new Map<number, TimePeriod[]>();
  for (const [days, periods] of spec)
    for (const day of days)
      byDay.set(
        day,
        periods.map(([start_time, end_time]) => ({ start_time, end_time })),
      );
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day_of_week, time_periods]) => ({ day_of_week, time_periods }));
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const TUE_SUN = [0, 2, 3, 4, 5, 6];
const LUNCH_DINNER: [string, string][] = [
  ['11:30', '15:30'],
  ['18:30', '23:30'],
];

const p = (
  name: string,
  price: number,
  description: string,
  extra: Omit<ProductDef, 'name' | 'price' | 'description'> = {},
): ProductDef => ({ name, price, description, ...extra });

const ICE: GroupDef = {
  key: 'gelo',
  name: 'Gelo e limão',
  min: 0,
  max: 2,
  options: [
    ['Com gelo', 0],
    ['Com limão', 0],
  ],
};

/** Counts the smaller stores as they are defined, to vary their defaults. */
let SMALL_COUNT = 0;

const BANKS = [
  { code: '237', name: 'Banco Bradesco S.A.' },
  { code: '104', name: 'Caixa Econômica Federal' },
  { code: '033', name: 'Banco Santander (Brasil) S.A.' },
  { code: '260', name: 'Nu Pagamentos S.A.' },
  { code: '077', name: 'Banco Inter S.A.' },
  { code: '341', name: 'Itaú Unibanco S.A.' },
];

export const STORES: StoreDef[] = [
  {
    name: 'Cantina Bella',
    slug: 'cantinabella',
    cuisine: 'Italiana',
    city: 'São Paulo',
    uf: 'SP',
    ddd: '11',
    company: 'Cantina Bella Restaurante Ltda.',
    street: 'Rua Treze de Maio',
    number: '1124',
    neighborhood: 'Bela Vista',
    zip: '01327000',
    description: 'A tradição italiana do Bixiga desde 1987',
    fullDescription:
      'Cantina de família no coração do Bixiga: massas frescas feitas todos os dias, molho de tomate cozido por horas, pizzas no forno a lenha e uma carta de vinhos italianos. Ambiente acolhedor, música ao vivo às sextas e sábados.',
    responsible: 'Giulia Romano',
    status: 'OK',
    skin: 'BLACK',
    serviceCharge: 10,
    physicalTax: 1.2,
    digitalTax: 3.99,
    hours: week(
      [[2, 3, 4], LUNCH_DINNER],
      [
        [5, 6],
        [
          ['11:30', '16:00'],
          ['18:30', '23:59'],
        ],
      ],
      [[0], [['11:30', '17:00']]],
    ),
    reservationHours: week(
      [
        [2, 3, 4, 5, 6],
        [
          ['12:00', '14:30'],
          ['19:00', '22:30'],
        ],
      ],
      [[0], [['12:00', '15:30']]],
    ),
    dailyOrders: 34,
    lunch: 0.35,
    rating: 4.6,
    partnerDays: 820,
    rise: 4,
    tables: 20,
    kitchens: ['Cozinha', 'Forno a lenha', 'Bar e sobremesas'],
    hue: 8,
    bank: { code: '341', name: 'Itaú Unibanco S.A.' },
    loyalty: { consumption: 50000, discount: 10, active: true },
    groups: [
      {
        key: 'massa',
        name: 'Escolha a massa',
        min: 1,
        max: 1,
        options: [
          ['Spaghetti', 0],
          ['Penne', 0],
          ['Fettuccine', 0],
          ['Talharim integral', 400],
        ],
      },
      {
        key: 'adicionais',
        name: 'Adicionais',
        min: 0,
        max: 3,
        repeat: true,
        options: [
          ['Parmesão extra', 600],
          ['Burrata', 1800],
          ['Bacon crocante', 700],
          ['Cogumelos salteados', 900],
        ],
      },
      {
        key: 'ponto',
        name: 'Ponto da carne',
        min: 1,
        max: 1,
        options: [
          ['Mal passado', 0],
          ['Ao ponto', 0],
          ['Bem passado', 0],
        ],
      },
      {
        key: 'borda',
        name: 'Borda recheada',
        min: 0,
        max: 1,
        options: [
          ['Borda de catupiry', 1200],
          ['Borda de cheddar', 1200],
          ['Borda de chocolate', 1400],
        ],
      },
      ICE,
    ],
    categories: [
      {
        name: 'Entradas',
        kitchen: 0,
        products: [
          p(
            'Bruschetta de tomate e manjericão',
            3200,
            'Pão italiano tostado, tomate fresco, manjericão e azeite extravirgem.',
            { weight: 1.4 },
          ),
          p(
            'Burrata com tomates confitados',
            6900,
            'Burrata cremosa, tomates-cereja confitados, pesto de manjericão e torradas.',
          ),
          p(
            'Carpaccio de carne',
            5800,
            'Finas fatias de filé, alcaparras, rúcula, parmesão e molho de mostarda.',
          ),
          p('Polpettine al sugo', 4600, 'Almôndegas da nonna ao molho de tomate italiano, com pão da casa.'),
        ],
      },
      {
        name: 'Massas',
        kitchen: 0,
        products: [
          p(
            'Spaghetti alla carbonara',
            7400,
            'Guanciale, gema, pecorino romano e pimenta-do-reino moída na hora.',
            { groups: ['adicionais'], weight: 2.2 },
          ),
          p(
            'Massa ao sugo da nonna',
            5900,
            'Molho de tomate italiano cozido por horas e manjericão. Escolha a massa.',
            { groups: ['massa', 'adicionais'], weight: 1.6 },
          ),
          p(
            'Fettuccine ao molho funghi',
            7900,
            'Fettuccine fresco, mix de cogumelos e creme de funghi secchi.',
            { groups: ['adicionais'], weight: 1.3 },
          ),
          p(
            'Lasanha à bolonhesa',
            7200,
            'Camadas de massa fresca, ragu de carne, bechamel e parmesão gratinado.',
            { weight: 1.8, ratio: 0.8 },
          ),
          p('Nhoque de batata ao sugo', 6400, 'Nhoque artesanal de batata ao molho de tomate e manjericão.', {
            groups: ['adicionais'],
          }),
          p('Ravioli de búfala', 8200, 'Ravioli recheado com mozarela de búfala, ao molho de tomate fresco.'),
        ],
      },
      {
        name: 'Risotos',
        kitchen: 0,
        products: [
          p('Risoto de cogumelos', 8400, 'Arroz arbóreo, cogumelos frescos, vinho branco e parmesão.'),
          p(
            'Risoto de limão siciliano com camarão',
            9800,
            'Camarões salteados, raspas de limão siciliano e manteiga.',
            { ratio: 0.8 },
          ),
        ],
      },
      {
        name: 'Pizzas',
        kitchen: 1,
        products: [
          p('Pizza Margherita', 6800, 'Molho de tomate San Marzano, mozarela de búfala e manjericão.', {
            groups: ['borda'],
            weight: 1.7,
          }),
          p('Pizza Calabresa', 6600, 'Calabresa artesanal, cebola roxa e azeitonas pretas.', {
            groups: ['borda'],
            weight: 1.4,
          }),
          p('Pizza Quatro queijos', 7400, 'Mozarela, gorgonzola, parmesão e provolone.', {
            groups: ['borda'],
          }),
          p('Pizza Parma e rúcula', 8900, 'Presunto de Parma, rúcula fresca e lascas de parmesão.', {
            groups: ['borda'],
          }),
        ],
      },
      {
        name: 'Carnes',
        kitchen: 0,
        products: [
          p(
            'Filé à parmegiana',
            8900,
            'Filé-mignon empanado, molho de tomate e mozarela gratinada, com espaguete.',
            { groups: ['ponto'], weight: 1.9 },
          ),
          p(
            'Tagliata de contrafilé',
            9200,
            'Contrafilé grelhado em fatias, rúcula, tomate-cereja e parmesão.',
            { groups: ['ponto'] },
          ),
          p('Ossobuco com polenta', 9600, 'Ossobuco cozido lentamente no vinho tinto, com polenta cremosa.', {
            unavailable: true,
          }),
        ],
      },
      {
        name: 'Sobremesas',
        kitchen: 2,
        products: [
          p('Tiramisù', 3200, 'Biscoito champanhe, café, mascarpone e cacau.', { weight: 1.5 }),
          p(
            'Panna cotta com frutas vermelhas',
            2900,
            'Creme cozido de baunilha com calda de frutas vermelhas.',
          ),
          p('Cannoli siciliano', 2600, 'Massa crocante recheada com ricota doce e pistache.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 2,
        drinks: true,
        products: [
          p('Água mineral 500 ml', 700, 'Com ou sem gás.', {
            icon: 'WATER',
            noObservations: true,
            weight: 1.6,
          }),
          p('Refrigerante lata', 800, 'Coca-Cola, Guaraná ou soda limonada.', {
            icon: 'SODA',
            groups: ['gelo'],
            noObservations: true,
            weight: 1.8,
          }),
          p('Suco de laranja', 1200, 'Natural, feito na hora.', { icon: 'JUICE', weight: 1.1 }),
          p('Chopp Pilsen 300 ml', 1400, 'Chopp claro, bem gelado.', {
            icon: 'DRAFT_BEER',
            noObservations: true,
            weight: 2,
          }),
        ],
      },
      {
        name: 'Vinhos e drinques',
        kitchen: 2,
        drinks: true,
        products: [
          p('Taça de vinho tinto da casa', 3200, 'Montepulciano d’Abruzzo, 150 ml.', {
            icon: 'WINE',
            noObservations: true,
            weight: 1.4,
          }),
          p('Chianti Classico (garrafa)', 18900, 'Toscana, safra recente, 750 ml.', {
            icon: 'WINE',
            noObservations: true,
            weight: 0.4,
            ratio: 0.8,
          }),
          p('Aperol Spritz', 3400, 'Aperol, prosecco, água com gás e laranja.', {
            groups: ['gelo'],
            weight: 1.2,
          }),
        ],
      },
    ],
  },
  {
    name: 'Sabor do Sertão',
    slug: 'sabordosertao',
    cuisine: 'Nordestina',
    city: 'Recife',
    uf: 'PE',
    ddd: '81',
    company: 'Sabor do Sertão Comidas Típicas Ltda.',
    street: 'Rua dos Navegantes',
    number: '1706',
    neighborhood: 'Boa Viagem',
    zip: '51021010',
    description: 'O melhor do sertão pernambucano na beira-mar',
    fullDescription:
      'Carne de sol curada na casa, macaxeira da roça, manteiga de garrafa e tapiocas feitas na hora. Forró pé de serra nas noites de sexta e um cardápio de sucos de frutas da região.',
    responsible: 'Severino Araújo',
    status: 'OK',
    skin: 'WHITE',
    serviceCharge: 10,
    physicalTax: 0.99,
    digitalTax: 3.49,
    hours: week([ALL_DAYS, [['11:00', '23:00']]]),
    reservationHours: week([
      ALL_DAYS,
      [
        ['11:30', '14:30'],
        ['18:00', '21:30'],
      ],
    ]),
    dailyOrders: 30,
    lunch: 0.5,
    rating: 4.7,
    partnerDays: 610,
    rise: 6,
    tables: 20,
    kitchens: ['Cozinha', 'Tapiocaria', 'Bar'],
    hue: 32,
    bank: { code: '001', name: 'Banco do Brasil S.A.' },
    loyalty: { consumption: 30000, discount: 15, active: true },
    groups: [
      {
        key: 'acompanhamentos',
        name: 'Acompanhamentos',
        min: 1,
        max: 2,
        options: [
          ['Macaxeira cozida', 0],
          ['Arroz branco', 0],
          ['Feijão verde', 0],
          ['Farofa de manteiga', 0],
          ['Vinagrete', 0],
        ],
      },
      {
        key: 'recheios',
        name: 'Recheios extras',
        min: 0,
        max: 3,
        repeat: true,
        options: [
          ['Queijo coalho', 500],
          ['Carne de sol desfiada', 900],
          ['Charque', 900],
          ['Coco ralado', 300],
          ['Leite condensado', 400],
        ],
      },
      {
        key: 'pimenta',
        name: 'Pimenta',
        min: 0,
        max: 1,
        options: [
          ['Pimenta da casa', 0],
          ['Molho de pimenta biquinho', 0],
        ],
      },
      {
        key: 'caipirinha',
        name: 'Base da caipirinha',
        min: 1,
        max: 1,
        options: [
          ['Cachaça prata', 0],
          ['Cachaça envelhecida', 400],
          ['Vodca', 400],
        ],
      },
      ICE,
    ],
    categories: [
      {
        name: 'Petiscos',
        kitchen: 0,
        products: [
          p('Dadinho de tapioca', 3200, 'Com queijo coalho e melaço de cana.', { weight: 1.8 }),
          p('Macaxeira frita', 2600, 'Crocante por fora, macia por dentro.', { weight: 1.4 }),
          p('Bolinho de charque', 3400, 'Massa de macaxeira recheada com charque, 8 unidades.', {
            groups: ['pimenta'],
          }),
          p('Caldinho de feijão', 1800, 'Com bacon, cebolinha e torresmo.', { groups: ['pimenta'] }),
          p('Queijo coalho na brasa', 3000, 'Espetinhos de queijo coalho com melaço.'),
        ],
      },
      {
        name: 'Pratos principais',
        kitchen: 0,
        products: [
          p('Carne de sol com macaxeira', 8900, 'Carne de sol na manteiga de garrafa, serve duas pessoas.', {
            groups: ['acompanhamentos'],
            weight: 2.4,
          }),
          p('Baião de dois com carne de sol', 7600, 'Arroz, feijão verde, queijo coalho e nata.', {
            groups: ['acompanhamentos'],
            weight: 1.9,
          }),
          p('Arrumadinho de charque', 5900, 'Charque acebolado, feijão verde, vinagrete e farofa.', {
            weight: 1.3,
          }),
          p('Galinha à cabidela', 6900, 'Receita tradicional, com arroz e pirão.', { groups: ['pimenta'] }),
          p('Escondidinho de charque', 5400, 'Purê de macaxeira gratinado com queijo coalho.', {
            ratio: 0.8,
          }),
          p('Peixe ao molho de coco', 8200, 'Filé de peixe do dia, leite de coco e coentro.', {
            groups: ['acompanhamentos'],
          }),
          p('Sarapatel', 4900, 'Com arroz branco e farinha.', { unavailable: true }),
        ],
      },
      {
        name: 'Tapiocas e cuscuz',
        kitchen: 1,
        products: [
          p('Tapioca de carne de sol com queijo coalho', 2900, 'Goma fresquinha, feita na hora.', {
            groups: ['recheios'],
            weight: 1.7,
          }),
          p('Tapioca de frango com catupiry', 2600, 'Frango desfiado e catupiry.', { groups: ['recheios'] }),
          p('Tapioca de coco com leite condensado', 2200, 'A clássica doce.', { groups: ['recheios'] }),
          p('Cuscuz nordestino com ovo', 2400, 'Cuscuz de milho, manteiga de garrafa e ovo estrelado.', {
            groups: ['recheios'],
          }),
        ],
      },
      {
        name: 'Sobremesas',
        kitchen: 1,
        products: [
          p('Cartola', 2400, 'Banana frita, queijo manteiga, açúcar e canela.', { weight: 1.4 }),
          p('Bolo de rolo', 1600, 'Fatia do bolo pernambucano de goiabada.'),
          p('Cocada de forno', 1400, 'Cocada cremosa servida quente.'),
          p('Pudim de tapioca', 1800, 'Com calda de caramelo.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 2,
        drinks: true,
        products: [
          p('Suco de cajá', 1100, 'Polpa natural, 400 ml.', { icon: 'JUICE', weight: 1.5 }),
          p('Suco de caju', 1000, 'Polpa natural, 400 ml.', { icon: 'JUICE' }),
          p('Caldo de cana', 900, 'Com limão, 400 ml.', { icon: 'JUICE' }),
          p('Água de coco', 1000, 'Servida no coco verde.', { icon: 'WATER', noObservations: true }),
          p('Refrigerante lata', 700, 'Coca-Cola, Guaraná ou soda.', {
            icon: 'SODA',
            groups: ['gelo'],
            noObservations: true,
            weight: 1.6,
          }),
          p('Cerveja long neck', 1200, 'Pilsen, bem gelada.', {
            icon: 'DRAFT_BEER',
            noObservations: true,
            weight: 2,
          }),
          p('Caipirinha de limão', 2600, 'Limão, açúcar e a base da sua escolha.', {
            groups: ['caipirinha'],
            weight: 1.3,
          }),
          p('Cajuína', 900, 'A bebida de caju clarificada do Piauí.', {
            icon: 'JUICE',
            noObservations: true,
          }),
        ],
      },
    ],
  },
  small({
    name: 'Sushi Kaze',
    cuisine: 'Japonesa',
    city: 'São Paulo',
    uf: 'SP',
    ddd: '11',
    company: 'Kaze Culinária Japonesa Ltda.',
    street: 'Rua Galvão Bueno',
    number: '412',
    neighborhood: 'Liberdade',
    zip: '01506000',
    description: 'Sushi de balcão no coração da Liberdade',
    responsible: 'Hiroshi Nakamura',
    dailyOrders: 18,
    lunch: 0.3,
    delivery: 0.15,
    rating: 4.4,
    partnerDays: 400,
    tables: 14,
    hue: 350,
    kitchens: ['Balcão de sushi', 'Cozinha quente'],
    loyalty: { consumption: 40000, discount: 10, active: false },
    groups: [
      {
        key: 'molho',
        name: 'Molhos extras',
        min: 0,
        max: 2,
        options: [
          ['Tarê', 0],
          ['Shoyu light', 0],
          ['Molho de maracujá', 300],
        ],
      },
    ],
    categories: [
      {
        name: 'Entradas',
        kitchen: 1,
        products: [
          p('Guioza de lombo', 3200, 'Seis unidades, grelhadas na chapa.'),
          p('Sunomono', 1800, 'Pepino japonês agridoce com gergelim.'),
          p('Missoshiru', 1400, 'Sopa de missô com tofu e cebolinha.'),
        ],
      },
      {
        name: 'Sushis e sashimis',
        kitchen: 0,
        products: [
          p('Combinado Kaze 20 peças', 8900, 'Seleção do sushiman: niguiris, uramakis e sashimis.', {
            groups: ['molho'],
            weight: 2,
          }),
          p('Sashimi de salmão', 6200, 'Dez fatias de salmão fresco.', { groups: ['molho'] }),
          p('Uramaki filadélfia', 4200, 'Salmão, cream cheese e cebolinha, 8 peças.', {
            groups: ['molho'],
            weight: 1.5,
          }),
          p('Temaki de salmão', 3600, 'Cone de alga com arroz, salmão e cebolinha.', {
            groups: ['molho'],
            weight: 1.4,
            ratio: 0.8,
          }),
        ],
      },
      {
        name: 'Pratos quentes',
        kitchen: 1,
        products: [
          p('Lámen tonkotsu', 5600, 'Caldo de porco, chashu, ovo marinado e nori.'),
          p('Yakisoba de legumes', 4800, 'Macarrão salteado com legumes e molho especial.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 0,
        drinks: true,
        products: [
          p('Chá verde gelado', 900, 'Preparado na casa.', { icon: 'JUICE' }),
          p('Saquê quente', 2800, 'Dose de 180 ml.', { icon: 'WINE', noObservations: true }),
          p('Refrigerante lata', 800, 'Coca-Cola ou Guaraná.', {
            icon: 'SODA',
            noObservations: true,
            weight: 1.5,
          }),
        ],
      },
    ],
  }),
  small({
    name: 'Brasa Nobre',
    cuisine: 'Churrascaria',
    city: 'Belo Horizonte',
    uf: 'MG',
    ddd: '31',
    company: 'Brasa Nobre Churrascaria Eireli',
    street: 'Rua Pernambuco',
    number: '1023',
    neighborhood: 'Savassi',
    zip: '30130150',
    description: 'Cortes nobres na brasa e rodízio completo',
    responsible: 'Rogério Guimarães',
    dailyOrders: 16,
    lunch: 0.5,
    rating: 4.3,
    partnerDays: 520,
    tables: 16,
    hue: 18,
    kitchens: ['Churrasqueira', 'Cozinha'],
    groups: [
      {
        key: 'ponto',
        name: 'Ponto da carne',
        min: 1,
        max: 1,
        options: [
          ['Mal passado', 0],
          ['Ao ponto', 0],
          ['Bem passado', 0],
        ],
      },
    ],
    categories: [
      {
        name: 'Rodízio',
        kitchen: 0,
        products: [
          p('Rodízio completo', 12900, 'Mais de 15 cortes, buffet de saladas e guarnições.', { weight: 2.5 }),
          p('Rodízio infantil', 5900, 'Para crianças de 6 a 12 anos.'),
        ],
      },
      {
        name: 'Cortes na brasa',
        kitchen: 0,
        products: [
          p('Picanha na chapa 400 g', 11900, 'Com farofa, vinagrete e pão de alho.', {
            groups: ['ponto'],
            weight: 1.5,
          }),
          p('Costela fogo de chão', 8900, 'Assada por 12 horas.'),
          p('Bife ancho', 9900, 'Corte argentino, 350 g.', { groups: ['ponto'] }),
        ],
      },
      {
        name: 'Guarnições',
        kitchen: 1,
        products: [
          p('Arroz biro-biro', 2200, 'Com ovos, batata palha e cebolinha.'),
          p('Mandioca frita', 2400, 'Porção para dois.'),
          p('Pão de queijo', 1800, 'Porção com 10 unidades.', { weight: 1.3 }),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 1,
        drinks: true,
        products: [
          p('Chopp Pilsen 300 ml', 1300, 'Bem tirado.', {
            icon: 'DRAFT_BEER',
            noObservations: true,
            weight: 2,
          }),
          p('Caipirinha de limão', 2400, 'Com cachaça mineira.'),
          p('Água mineral', 600, 'Com ou sem gás.', { icon: 'WATER', noObservations: true }),
        ],
      },
    ],
  }),
  small({
    name: 'Burger Lab',
    cuisine: 'Hamburgueria',
    city: 'Curitiba',
    uf: 'PR',
    ddd: '41',
    company: 'Burger Lab Lanches Ltda.',
    street: 'Avenida do Batel',
    number: '1550',
    neighborhood: 'Batel',
    zip: '80420090',
    description: 'Smash burgers e milkshakes de laboratório',
    responsible: 'Caio Schmidt',
    dailyOrders: 20,
    lunch: 0.2,
    delivery: 0.25,
    rating: 4.2,
    partnerDays: 300,
    tables: 12,
    hue: 45,
    serviceCharge: 0,
    kitchens: ['Chapa', 'Bar'],
    loyalty: { consumption: 20000, discount: 10, active: true },
    groups: [
      {
        key: 'adicionais',
        name: 'Adicionais',
        min: 0,
        max: 4,
        repeat: true,
        options: [
          ['Bacon', 600],
          ['Cheddar', 500],
          ['Ovo', 400],
          ['Picles', 300],
        ],
      },
    ],
    categories: [
      {
        name: 'Burgers',
        kitchen: 0,
        products: [
          p('Smash clássico', 3200, 'Dois smashes de 80 g, queijo americano e molho da casa.', {
            groups: ['adicionais'],
            weight: 2,
          }),
          p('Cheddar bacon', 3900, 'Blend de 160 g, cheddar cremoso e bacon.', {
            groups: ['adicionais'],
            weight: 1.7,
          }),
          p('Lab Supremo', 4600, 'Blend de 200 g, queijo prato, cebola caramelizada e maionese de alho.', {
            groups: ['adicionais'],
          }),
          p('Veggie de grão-de-bico', 3800, 'Hambúrguer de grão-de-bico, rúcula e tomate.', {
            groups: ['adicionais'],
          }),
        ],
      },
      {
        name: 'Acompanhamentos',
        kitchen: 0,
        products: [
          p('Batata frita', 1900, 'Porção com páprica defumada.', { weight: 1.8 }),
          p('Onion rings', 2200, 'Anéis de cebola empanados.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 1,
        drinks: true,
        products: [
          p('Milkshake de Ovomaltine', 2400, '400 ml.', { weight: 1.3, ratio: 0.8 }),
          p('Refrigerante lata', 800, 'Coca-Cola, Guaraná ou Sprite.', {
            icon: 'SODA',
            noObservations: true,
            weight: 1.5,
          }),
          p('Chopp IPA 400 ml', 1800, 'Cervejaria local.', { icon: 'DRAFT_BEER', noObservations: true }),
        ],
      },
    ],
  }),
  small({
    name: 'Horta Viva',
    cuisine: 'Vegetariana',
    city: 'Rio de Janeiro',
    uf: 'RJ',
    ddd: '21',
    company: 'Horta Viva Alimentação Saudável Ltda.',
    street: 'Rua Voluntários da Pátria',
    number: '305',
    neighborhood: 'Botafogo',
    zip: '22270000',
    description: 'Comida de verdade, do produtor à mesa',
    responsible: 'Luana Siqueira',
    dailyOrders: 10,
    lunch: 0.65,
    rating: 4.5,
    partnerDays: 260,
    tables: 10,
    hue: 110,
    kitchens: ['Cozinha'],
    groups: [],
    categories: [
      {
        name: 'Bowls e saladas',
        kitchen: 0,
        products: [
          p('Bowl de quinoa e legumes assados', 3900, 'Quinoa, abóbora, grão-de-bico e tahine.', {
            weight: 1.7,
          }),
          p('Salada Horta Viva', 3400, 'Folhas orgânicas, manga, castanhas e molho de mostarda e mel.'),
          p('Moqueca de banana-da-terra', 4600, 'Com arroz de coco e farofa de dendê.'),
          p('Risoto de abóbora com sálvia', 4400, 'Arroz arbóreo, abóbora cabotiá e sálvia.'),
        ],
      },
      {
        name: 'Sucos e kombuchas',
        kitchen: 0,
        drinks: true,
        products: [
          p('Suco verde', 1400, 'Couve, maçã, gengibre e limão.', { icon: 'JUICE', weight: 1.4 }),
          p('Kombucha de hibisco', 1600, 'Fermentada na casa.', { icon: 'JUICE' }),
          p('Água com gás', 700, '500 ml.', { icon: 'WATER', noObservations: true }),
        ],
      },
    ],
  }),
  small({
    name: 'Empório Sírio',
    cuisine: 'Árabe',
    city: 'São Paulo',
    uf: 'SP',
    ddd: '11',
    company: 'Empório Sírio Comércio de Alimentos Ltda.',
    street: 'Rua Abílio Soares',
    number: '233',
    neighborhood: 'Paraíso',
    zip: '04005000',
    description: 'Esfihas abertas e mezze para compartilhar',
    responsible: 'Samir Haddad',
    status: 'CLOSED',
    stoppedDays: 25,
    dailyOrders: 9,
    lunch: 0.45,
    rating: 4.0,
    partnerDays: 700,
    tables: 10,
    hue: 200,
    kitchens: ['Cozinha'],
    groups: [],
    categories: [
      {
        name: 'Mezze',
        kitchen: 0,
        products: [
          p('Homus com pão sírio', 2600, 'Pasta de grão-de-bico com tahine.'),
          p('Babaganuche', 2600, 'Pasta de berinjela defumada.'),
          p('Quibe frito', 2200, 'Porção com 6 unidades.', { weight: 1.6 }),
        ],
      },
      {
        name: 'Esfihas',
        kitchen: 0,
        products: [
          p('Esfiha de carne', 900, 'Aberta, massa fina.', { weight: 2.5 }),
          p('Esfiha de queijo', 900, 'Com zaatar.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 0,
        drinks: true,
        products: [p('Limonada com hortelã', 1200, '500 ml.', { icon: 'JUICE' })],
      },
    ],
  }),
  small({
    name: 'Trem Bão Boteco',
    cuisine: 'Mineira',
    city: 'Belo Horizonte',
    uf: 'MG',
    ddd: '31',
    company: 'Trem Bão Bar e Restaurante Ltda.',
    street: 'Rua Mármore',
    number: '471',
    neighborhood: 'Santa Tereza',
    zip: '31010220',
    description: 'Boteco raiz de Santa Tereza',
    responsible: 'Joaquim Magalhães',
    dailyOrders: 14,
    lunch: 0.25,
    rating: 4.5,
    partnerDays: 450,
    tables: 14,
    hue: 25,
    kitchens: ['Cozinha', 'Bar'],
    groups: [],
    categories: [
      {
        name: 'Tira-gostos',
        kitchen: 0,
        products: [
          p('Torresmo de barriga', 3400, 'Pururucado, com limão.', { weight: 1.8 }),
          p('Mandioca com linguiça', 3800, 'Linguiça artesanal da Serra da Canastra.'),
          p('Pastel de angu', 2600, 'Oito unidades, recheio de carne.'),
        ],
      },
      {
        name: 'Pratos',
        kitchen: 0,
        products: [
          p('Feijão tropeiro', 4900, 'Com torresmo, couve e ovo.', { weight: 1.5 }),
          p('Frango com quiabo', 4600, 'Com angu e arroz.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 1,
        drinks: true,
        products: [
          p('Cerveja 600 ml', 1600, 'Garrafa, estupidamente gelada.', {
            icon: 'DRAFT_BEER',
            noObservations: true,
            weight: 3,
          }),
          p('Cachaça mineira', 1200, 'Dose, envelhecida em umburana.', { noObservations: true }),
        ],
      },
    ],
  }),
  small({
    name: 'Mar de Dentro',
    cuisine: 'Frutos do Mar',
    city: 'Rio de Janeiro',
    uf: 'RJ',
    ddd: '21',
    company: 'Mar de Dentro Restaurante Ltda.',
    street: 'Avenida Ataulfo de Paiva',
    number: '1321',
    neighborhood: 'Leblon',
    zip: '22440033',
    description: 'Peixes e frutos do mar frescos, todos os dias',
    responsible: 'Beatriz Vasconcelos',
    dailyOrders: 12,
    lunch: 0.4,
    rating: 4.4,
    partnerDays: 380,
    tables: 14,
    hue: 195,
    serviceCharge: 12,
    kitchens: ['Cozinha'],
    groups: [],
    categories: [
      {
        name: 'Entradas',
        kitchen: 0,
        products: [
          p('Bolinho de bacalhau', 3600, 'Seis unidades.', { weight: 1.6 }),
          p('Ceviche de peixe branco', 4800, 'Leite de tigre, cebola roxa e milho peruano.'),
        ],
      },
      {
        name: 'Pratos principais',
        kitchen: 0,
        products: [
          p('Moqueca capixaba', 13900, 'Peixe, camarão e pirão, serve duas pessoas.', { weight: 1.5 }),
          p('Polvo grelhado', 11800, 'Com batatas ao murro e azeite.'),
          p('Arroz de frutos do mar', 12400, 'Lula, camarão, mexilhão e polvo.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 0,
        drinks: true,
        products: [
          p('Taça de vinho branco', 3600, 'Alvarinho, 150 ml.', { icon: 'WINE', noObservations: true }),
          p('Água de coco', 1200, 'Natural.', { icon: 'WATER', noObservations: true }),
        ],
      },
    ],
  }),
  small({
    name: 'Forno Antico',
    cuisine: 'Pizzaria',
    city: 'Curitiba',
    uf: 'PR',
    ddd: '41',
    company: 'Forno Antico Pizzaria Ltda.',
    street: 'Avenida Manoel Ribas',
    number: '5667',
    neighborhood: 'Santa Felicidade',
    zip: '82020000',
    description: 'Pizza napolitana de fermentação natural',
    responsible: 'Lorenzo Bianchi',
    dailyOrders: 16,
    lunch: 0.1,
    delivery: 0.3,
    rating: 4.6,
    partnerDays: 340,
    tables: 16,
    hue: 0,
    kitchens: ['Forno', 'Bar'],
    loyalty: { consumption: 25000, discount: 12, active: true },
    groups: [
      {
        key: 'borda',
        name: 'Borda',
        min: 0,
        max: 1,
        options: [
          ['Borda de catupiry', 1000],
          ['Borda de cheddar', 1000],
        ],
      },
    ],
    categories: [
      {
        name: 'Pizzas',
        kitchen: 0,
        products: [
          p('Margherita napolitana', 5900, 'Fior di latte, San Marzano e manjericão.', {
            groups: ['borda'],
            weight: 2,
          }),
          p('Diavola', 6400, 'Salame picante e pimenta calabresa.', { groups: ['borda'], weight: 1.4 }),
          p('Funghi e trufa', 7600, 'Cogumelos, mozarela e azeite trufado.', { groups: ['borda'] }),
          p('Portuguesa', 6200, 'Presunto, ovos, cebola e azeitonas.', { groups: ['borda'] }),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 1,
        drinks: true,
        products: [
          p('Refrigerante 2 litros', 1400, 'Coca-Cola ou Guaraná.', { icon: 'SODA', noObservations: true }),
          p('Taça de vinho tinto', 2800, 'Primitivo, 150 ml.', { icon: 'WINE', noObservations: true }),
          p('Chopp artesanal', 1600, 'Pilsen local, 300 ml.', {
            icon: 'DRAFT_BEER',
            noObservations: true,
            weight: 1.5,
          }),
        ],
      },
    ],
  }),
  small({
    name: 'Casa da Tapioca',
    cuisine: 'Nordestina',
    city: 'Recife',
    uf: 'PE',
    ddd: '81',
    company: 'Casa da Tapioca Lanchonete Ltda.',
    street: 'Estrada do Encanamento',
    number: '880',
    neighborhood: 'Casa Forte',
    zip: '52070000',
    description: 'Tapiocas e cuscuz o dia inteiro',
    responsible: 'Maria do Socorro Bezerra',
    status: 'INACTIVE',
    stoppedDays: 12,
    dailyOrders: 8,
    lunch: 0.55,
    rating: 4.1,
    partnerDays: 200,
    tables: 8,
    hue: 40,
    serviceCharge: 0,
    kitchens: ['Cozinha'],
    groups: [],
    categories: [
      {
        name: 'Tapiocas',
        kitchen: 0,
        products: [
          p('Tapioca de queijo coalho', 1800, 'Com manteiga de garrafa.', { weight: 1.6 }),
          p('Tapioca de frango', 2000, 'Frango desfiado temperado.'),
          p('Tapioca de banana com canela', 1700, 'Doce.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 0,
        drinks: true,
        products: [
          p('Café coado', 600, 'Coado na hora.', { noObservations: true, weight: 1.5 }),
          p('Suco de acerola', 900, '400 ml.', { icon: 'JUICE' }),
        ],
      },
    ],
  }),
  small({
    name: 'Yoshi Temakeria',
    cuisine: 'Japonesa',
    city: 'Rio de Janeiro',
    uf: 'RJ',
    ddd: '21',
    company: 'Yoshi Temakeria e Sushi Bar Ltda.',
    street: 'Rua Barata Ribeiro',
    number: '502',
    neighborhood: 'Copacabana',
    zip: '22011002',
    description: 'Temakis generosos a duas quadras da praia',
    responsible: 'Kenji Tanaka',
    dailyOrders: 12,
    lunch: 0.3,
    delivery: 0.2,
    rating: 3.9,
    partnerDays: 150,
    tables: 10,
    hue: 330,
    kitchens: ['Balcão'],
    groups: [],
    categories: [
      {
        name: 'Temakis',
        kitchen: 0,
        products: [
          p('Temaki salmão completo', 3400, 'Salmão, cream cheese e cebolinha.', { weight: 2, ratio: 0.8 }),
          p('Temaki skin', 2600, 'Pele de salmão crocante e molho tarê.'),
          p('Temaki atum', 3800, 'Atum fresco e cebolinha.'),
        ],
      },
      {
        name: 'Combinados',
        kitchen: 0,
        products: [
          p('Combinado 15 peças', 5900, 'Niguiris e uramakis.'),
          p('Hot roll', 3200, 'Uramaki empanado, 10 peças.', { weight: 1.5 }),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 0,
        drinks: true,
        products: [
          p('Refrigerante lata', 700, 'Coca-Cola ou Guaraná.', { icon: 'SODA', noObservations: true }),
        ],
      },
    ],
  }),
  small({
    name: 'Burger do Porto',
    cuisine: 'Hamburgueria',
    city: 'Recife',
    uf: 'PE',
    ddd: '81',
    company: 'Burger do Porto Alimentos Ltda.',
    street: 'Rua do Bom Jesus',
    number: '183',
    neighborhood: 'Recife Antigo',
    zip: '50030170',
    description: 'Hambúrguer artesanal no Recife Antigo',
    responsible: 'Ítalo Cavalcanti',
    dailyOrders: 12,
    lunch: 0.25,
    delivery: 0.2,
    rating: 4.2,
    partnerDays: 60,
    tables: 10,
    hue: 15,
    serviceCharge: 0,
    kitchens: ['Chapa'],
    groups: [],
    categories: [
      {
        name: 'Hambúrgueres',
        kitchen: 0,
        products: [
          p('Burger do Porto', 3600, 'Blend de costela, queijo coalho e melaço.', { weight: 2 }),
          p('Burger de charque', 3900, 'Charque desfiada, cebola crispy e maionese de alho.'),
          p('Burger clássico', 2900, 'Blend de 150 g, queijo prato e salada.'),
        ],
      },
      {
        name: 'Bebidas',
        kitchen: 0,
        drinks: true,
        products: [
          p('Refrigerante lata', 700, 'Coca-Cola ou Guaraná.', {
            icon: 'SODA',
            noObservations: true,
            weight: 1.5,
          }),
          p('Cerveja long neck', 1100, 'Pilsen.', { icon: 'DRAFT_BEER', noObservations: true }),
        ],
      },
    ],
  }),
  small({
    name: 'Casa Beirute',
    cuisine: 'Árabe',
    city: 'Curitiba',
    uf: 'PR',
    ddd: '41',
    company: 'Casa Beirute Restaurante Árabe Ltda.',
    street: 'Rua Quinze de Novembro',
    number: '962',
    neighborhood: 'Centro',
    zip: '80060000',
    description: 'Culinária libanesa de família',
    responsible: 'Nadia Khoury',
    dailyOrders: 10,
    lunch: 0.55,
    rating: 4.3,
    partnerDays: 480,
    tables: 12,
    hue: 260,
    kitchens: ['Cozinha'],
    groups: [],
    categories: [
      {
        name: 'Pratos',
        kitchen: 0,
        products: [
          p('Shawarma de frango', 3400, 'No pão sírio, com toum e picles.', { weight: 1.8 }),
          p('Kafta no espeto', 3900, 'Com arroz de lentilha e salada.'),
          p('Tabule', 2400, 'Trigo, salsinha, tomate e hortelã.'),
          p('Charutinho de uva', 2900, 'Folhas de uva recheadas, 8 unidades.'),
        ],
      },
      {
        name: 'Doces e bebidas',
        kitchen: 0,
        drinks: true,
        products: [
          p('Baklava', 1400, 'Massa folhada, nozes e mel.'),
          p('Chá de hortelã', 800, 'Servido no bule.', { icon: 'JUICE', noObservations: true }),
        ],
      },
    ],
  }),
];

/** A smaller store: the defaults every store needs and few stores change. */
function small(
  def: Omit<
    StoreDef,
    | 'slug'
    | 'fullDescription'
    | 'status'
    | 'skin'
    | 'serviceCharge'
    | 'physicalTax'
    | 'digitalTax'
    | 'hours'
    | 'reservationHours'
    | 'bank'
  > &
    Partial<Pick<StoreDef, 'status' | 'serviceCharge' | 'skin' | 'hours' | 'reservationHours'>>,
): StoreDef {
  const index = SMALL_COUNT++;
  return {
    slug: def.name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ''),
    fullDescription: `${def.description}. Cozinha ${def.cuisine.toLowerCase()} em ${def.neighborhood}, ${def.city}. Peça pelo aplicativo, acompanhe a comanda e pague na mesa.`,
    status: 'OK',
    skin: index % 3 === 0 ? 'BLACK' : 'WHITE',
    serviceCharge: 10,
    physicalTax: [0.99, 1.2, 1.5][index % 3]!,
    digitalTax: [3.49, 3.99, 4.49, 4.99][index % 4]!,
    hours:
      def.lunch > 0.5
        ? week([TUE_SUN, [['11:00', '16:00']]], [[5, 6], LUNCH_DINNER])
        : week([TUE_SUN, LUNCH_DINNER]),
    reservationHours: index % 2 === 0 ? week([[4, 5, 6], [['19:00', '22:00']]]) : [],
    bank: BANKS[index % BANKS.length]!,
    ...def,
  };
}
