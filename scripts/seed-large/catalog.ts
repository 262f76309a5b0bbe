/**
 * The vocabulary of the large-scale generator: names, cities and menus that the SQL picks from by
 * hashing each row's number. Kept small and fixed, so the whole data set is reproducible.
 */

// prettier-ignore
export const FEMALE_NAMES = [
  'Ana', 'Maria', 'Juliana', 'Fernanda', 'Camila', 'Beatriz', 'Larissa', 'Patrícia', 'Aline', 'Bruna',
  'Letícia', 'Gabriela', 'Mariana', 'Amanda', 'Jéssica', 'Vanessa', 'Carolina', 'Natália', 'Luana', 'Raquel',
  'Débora', 'Priscila', 'Tatiane', 'Renata', 'Cláudia', 'Simone', 'Luciana', 'Helena', 'Alice', 'Laura',
  'Valentina', 'Sophia', 'Isabela', 'Manuela', 'Lívia', 'Cecília', 'Eduarda', 'Vitória', 'Rafaela', 'Yasmin',
  'Francisca', 'Antônia', 'Conceição', 'Joana', 'Rita', 'Sônia', 'Lúcia', 'Márcia', 'Adriana', 'Sandra',
];

// prettier-ignore
export const MALE_NAMES = [
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo',
  'Gustavo', 'Matheus', 'Thiago', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Diego', 'Vinícius', 'Ricardo',
  'Sérgio', 'Roberto', 'Júlio', 'Caio', 'Henrique', 'Miguel', 'Arthur', 'Heitor', 'Davi', 'Bernardo',
  'Samuel', 'Enzo', 'Otávio', 'Igor', 'Severino', 'Sebastião', 'Cícero', 'Wellington', 'Anderson', 'Renato',
];

// prettier-ignore
export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Cavalcanti', 'Monteiro', 'Moura', 'Correia',
  'Pinto', 'Batista', 'Campos', 'Castro', 'Barros', 'Farias', 'Cunha', 'Brandão', 'Azevedo', 'Magalhães',
  'Conceição', 'Falcão', 'Leite', 'Melo', 'Borges', 'Guimarães', 'Siqueira', 'Xavier', 'Tavares', 'Macedo',
];

/** Weighted by repetition: Gmail is most of the market. */
// prettier-ignore
export const EMAIL_DOMAINS = [
  'gmail.com', 'gmail.com', 'gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'hotmail.com',
  'outlook.com', 'yahoo.com.br', 'uol.com.br', 'icloud.com', 'bol.com.br',
];

export interface City {
  name: string;
  uf: string;
  ddd: string;
  zip: string; // first digits of the city's CEPs
  neighborhoods: string[];
  /** Relative share of the restaurants. */
  weight: number;
}

// prettier-ignore
export const CITIES: City[] = [
  { name: 'São Paulo', uf: 'SP', ddd: '11', zip: '01', weight: 8, neighborhoods: ['Pinheiros', 'Vila Madalena', 'Moema', 'Bela Vista', 'Liberdade', 'Itaim Bibi'] },
  { name: 'Rio de Janeiro', uf: 'RJ', ddd: '21', zip: '22', weight: 5, neighborhoods: ['Copacabana', 'Botafogo', 'Tijuca', 'Leblon', 'Centro'] },
  { name: 'Belo Horizonte', uf: 'MG', ddd: '31', zip: '30', weight: 3, neighborhoods: ['Savassi', 'Lourdes', 'Funcionários', 'Santa Tereza'] },
  { name: 'Recife', uf: 'PE', ddd: '81', zip: '50', weight: 2, neighborhoods: ['Boa Viagem', 'Casa Forte', 'Espinheiro', 'Recife Antigo'] },
  { name: 'Curitiba', uf: 'PR', ddd: '41', zip: '80', weight: 2, neighborhoods: ['Batel', 'Centro', 'Água Verde', 'Santa Felicidade'] },
  { name: 'Porto Alegre', uf: 'RS', ddd: '51', zip: '90', weight: 2, neighborhoods: ['Moinhos de Vento', 'Cidade Baixa', 'Bom Fim', 'Menino Deus'] },
  { name: 'Salvador', uf: 'BA', ddd: '71', zip: '40', weight: 2, neighborhoods: ['Pituba', 'Rio Vermelho', 'Barra', 'Pelourinho'] },
  { name: 'Fortaleza', uf: 'CE', ddd: '85', zip: '60', weight: 2, neighborhoods: ['Aldeota', 'Meireles', 'Praia de Iracema', 'Varjota'] },
  { name: 'Brasília', uf: 'DF', ddd: '61', zip: '70', weight: 2, neighborhoods: ['Asa Sul', 'Asa Norte', 'Lago Sul', 'Sudoeste'] },
  { name: 'Florianópolis', uf: 'SC', ddd: '48', zip: '88', weight: 1, neighborhoods: ['Centro', 'Lagoa da Conceição', 'Trindade', 'Jurerê'] },
  { name: 'Goiânia', uf: 'GO', ddd: '62', zip: '74', weight: 1, neighborhoods: ['Setor Bueno', 'Setor Marista', 'Setor Oeste'] },
  { name: 'Belém', uf: 'PA', ddd: '91', zip: '66', weight: 1, neighborhoods: ['Umarizal', 'Nazaré', 'Batista Campos'] },
  { name: 'Manaus', uf: 'AM', ddd: '92', zip: '69', weight: 1, neighborhoods: ['Adrianópolis', 'Vieiralves', 'Ponta Negra'] },
  { name: 'Vitória', uf: 'ES', ddd: '27', zip: '29', weight: 1, neighborhoods: ['Praia do Canto', 'Jardim da Penha', 'Centro'] },
  { name: 'Campinas', uf: 'SP', ddd: '19', zip: '13', weight: 1, neighborhoods: ['Cambuí', 'Taquaral', 'Barão Geraldo'] },
];

// prettier-ignore
export const STREETS = [
  'Rua das Flores', 'Avenida Brasil', 'Rua XV de Novembro', 'Rua Sete de Setembro', 'Avenida Getúlio Vargas',
  'Rua Tiradentes', 'Rua Dom Pedro II', 'Avenida Beira-Mar', 'Rua da Aurora', 'Rua Marechal Deodoro',
  'Avenida Santos Dumont', 'Rua Barão do Rio Branco', 'Rua José Bonifácio', 'Avenida Independência',
];

/** [name, price in cents] */
export type MenuItem = readonly [string, number];

export interface Cuisine {
  name: string;
  prefixes: string[];
  suffixes: string[];
  starters: MenuItem[];
  mains: MenuItem[];
}

// prettier-ignore
export const CUISINES: Cuisine[] = [
  {
    name: 'Italiana',
    prefixes: ['Cantina', 'Trattoria', 'Osteria', 'Forneria'],
    suffixes: ['Nonna Rosa', 'Bella Napoli', 'do Bixiga', 'Toscana', 'Il Sole', 'Vecchio Mondo'],
    starters: [['Bruschetta de tomate', 2900], ['Burrata com pesto', 5900], ['Carpaccio', 4900], ['Antepasto da casa', 4500], ['Polpettine ao sugo', 3900], ['Focaccia de alecrim', 2500]],
    mains: [['Spaghetti à carbonara', 6900], ['Lasanha à bolonhesa', 6500], ['Risoto de funghi', 7900], ['Nhoque ao sugo', 5900], ['Fettuccine alfredo', 6700], ['Ossobuco com polenta', 8900], ['Pizza margherita', 6200]],
  },
  {
    name: 'Nordestina',
    prefixes: ['Sabor do', 'Casa do', 'Cantinho do', 'Recanto do'],
    suffixes: ['Sertão', 'Nordeste', 'Agreste', 'Cangaço', 'Forró', 'Mandacaru'],
    starters: [['Bolinho de macaxeira', 2900], ['Dadinho de tapioca', 2700], ['Caldinho de feijão', 1900], ['Pastel de carne de sol', 2800], ['Queijo coalho na brasa', 3200]],
    mains: [['Baião de dois', 5900], ['Carne de sol com macaxeira', 7900], ['Escondidinho de charque', 5400], ['Galinha à cabidela', 6400], ['Moqueca de peixe', 8900], ['Arrumadinho', 4900]],
  },
  {
    name: 'Japonesa',
    prefixes: ['Sushi', 'Temakeria', 'Izakaya', 'Restaurante'],
    suffixes: ['Sakura', 'Hanami', 'Kyoto', 'Osaka', 'Nikkei', 'Yuki'],
    starters: [['Gyoza', 3200], ['Sunomono', 1900], ['Missoshiru', 1500], ['Harumaki', 2600], ['Shimeji na manteiga', 3400], ['Edamame', 2200]],
    mains: [['Combinado 20 peças', 8900], ['Temaki de salmão', 3400], ['Yakisoba', 5400], ['Lámen tonkotsu', 5900], ['Sashimi de salmão', 6900], ['Uramaki Filadélfia', 3900], ['Teppanyaki de frango', 5800]],
  },
  {
    name: 'Hamburgueria',
    prefixes: ['Burger', 'Hamburgueria', 'Smash'],
    suffixes: ['da Esquina', 'Brasa', 'Texas', 'Garage', 'Black Bull', 'Route 66'],
    starters: [['Batata frita', 2400], ['Onion rings', 2600], ['Nuggets', 2800], ['Batata rústica', 2700], ['Mandioca frita', 2500]],
    mains: [['X-Burger clássico', 3400], ['Cheddar bacon', 3900], ['Smash duplo', 3600], ['Burger vegetariano', 3500], ['X-Tudo', 4200], ['Chicken crispy', 3400]],
  },
  {
    name: 'Vegetariana',
    prefixes: ['Horta', 'Verde', 'Raiz', 'Empório'],
    suffixes: ['Natural', 'Orgânico', 'da Terra', 'Vida', 'Semente', 'Girassol'],
    starters: [['Homus com pão sírio', 2600], ['Salada de quinoa', 3200], ['Bolinho de grão-de-bico', 2800], ['Caponata', 2600], ['Sopa de abóbora', 2400]],
    mains: [['Moqueca de banana-da-terra', 5400], ['Risoto de cogumelos', 5600], ['Strogonoff de palmito', 4900], ['Lasanha de berinjela', 4800], ['Bowl de falafel', 4600], ['Curry de legumes', 4700]],
  },
  {
    name: 'Churrascaria',
    prefixes: ['Churrascaria', 'Brasa', 'Costela', 'Galpão'],
    suffixes: ['Gaúcha', 'do Sul', 'Pampa', 'Tropeiro', 'Chimarrão', 'Querência'],
    starters: [['Pão de alho', 1900], ['Linguiça toscana', 2900], ['Coração de frango', 2800], ['Polenta frita', 2200], ['Mandioca cozida', 2000]],
    mains: [['Picanha na brasa', 11900], ['Costela de chão', 9900], ['Fraldinha', 8900], ['Maminha', 8400], ['Bife ancho', 10900], ['Cupim', 7900]],
  },
  {
    name: 'Árabe',
    prefixes: ['Casa', 'Empório', 'Sultão', 'Cedro'],
    suffixes: ['Libanesa', 'do Líbano', 'Damasco', 'Beirute', 'Aladim', 'Oásis'],
    starters: [['Esfiha de carne', 900], ['Quibe frito', 1200], ['Homus', 2400], ['Babaganuche', 2400], ['Coalhada seca', 2200], ['Falafel', 2600]],
    mains: [['Kafta no prato', 5400], ['Shawarma de frango', 3900], ['Arroz com lentilha', 3800], ['Charuto de repolho', 4200], ['Mjadra', 3600], ['Kebab misto', 5900]],
  },
  {
    name: 'Brasileira',
    prefixes: ['Cozinha', 'Boteco', 'Armazém', 'Bar'],
    suffixes: ['da Vila', 'Mineiro', 'do Porto', 'Dona Maria', 'Carioca', 'Paulista'],
    starters: [['Coxinha', 1800], ['Pastel de queijo', 1600], ['Torresmo', 2600], ['Bolinho de bacalhau', 3400], ['Aipim frito', 2200]],
    mains: [['Feijoada completa', 6900], ['Picadinho carioca', 5400], ['Frango com quiabo', 4900], ['Virado à paulista', 5200], ['Parmegiana de carne', 5800], ['Tutu à mineira', 4800]],
  },
  {
    name: 'Frutos do mar',
    prefixes: ['Peixaria', 'Marisqueira', 'Restaurante'],
    suffixes: ['Maré Alta', 'Porto Seguro', 'Caravela', 'Netuno', 'Atlântico', 'Iemanjá'],
    starters: [['Isca de peixe', 4200], ['Casquinha de siri', 2800], ['Camarão empanado', 5400], ['Lula à dorê', 4600], ['Bolinho de bacalhau', 3400]],
    mains: [['Moqueca capixaba', 11900], ['Peixe grelhado', 7400], ['Risoto de camarão', 8900], ['Paella', 12900], ['Bobó de camarão', 9400], ['Caldeirada', 9900]],
  },
  {
    name: 'Mexicana',
    prefixes: ['Cantina', 'Taquería', 'Casa'],
    suffixes: ['El Sombrero', 'Frida', 'Azteca', 'Guadalajara', 'La Catrina', 'Oaxaca'],
    starters: [['Nachos com guacamole', 3400], ['Quesadilla', 3200], ['Jalapeños recheados', 2900], ['Chili con carne', 3400], ['Elote', 2200]],
    mains: [['Tacos al pastor', 4600], ['Burrito de carne', 4400], ['Fajitas de frango', 5600], ['Enchiladas', 4900], ['Chimichanga', 4400], ['Tostadas', 3800]],
  },
];

/** [name, price in cents, icon] */
export type DrinkItem = readonly [string, number, string | null];

/** The categories every store has, in menu order; the first two come from the cuisine. */
export const CATEGORY_NAMES = [
  'Entradas',
  'Pratos principais',
  'Acompanhamentos',
  'Sobremesas',
  'Bebidas',
  'Cervejas e drinks',
] as const;

// prettier-ignore
export const SIDES: MenuItem[] = [
  ['Arroz branco', 1200], ['Farofa da casa', 1200], ['Fritas', 2200], ['Salada verde', 1900],
  ['Vinagrete', 900], ['Feijão tropeiro', 1800], ['Legumes salteados', 2200], ['Pão de queijo', 1800],
];

// prettier-ignore
export const DESSERTS: MenuItem[] = [
  ['Pudim de leite', 1800], ['Petit gâteau', 2900], ['Brownie com sorvete', 2400], ['Mousse de maracujá', 1600],
  ['Cheesecake de frutas vermelhas', 2600], ['Brigadeiro de colher', 1500], ['Torta de limão', 1900], ['Sorvete', 1400],
];

// prettier-ignore
export const DRINKS: DrinkItem[] = [
  ['Água mineral', 600, 'WATER'], ['Água com gás', 700, 'WATER'], ['Refrigerante lata', 800, 'SODA'],
  ['Suco de laranja', 1200, 'JUICE'], ['Suco de maracujá', 1200, 'JUICE'], ['Limonada suíça', 1400, 'JUICE'],
  ['Guaraná', 800, 'SODA'], ['Chá gelado', 1000, null],
];

// prettier-ignore
export const BAR: DrinkItem[] = [
  ['Chope', 1400, 'DRAFT_BEER'], ['Chope escuro', 1600, 'DRAFT_BEER'], ['Cerveja long neck', 1500, null],
  ['Caipirinha', 2400, null], ['Caipiroska', 2600, null], ['Taça de vinho tinto', 2900, 'WINE'],
  ['Gin tônica', 3200, null], ['Aperol spritz', 3400, null],
];

export const CATEGORY_DESCRIPTIONS = [
  'Para começar e dividir com a mesa.',
  'Receita da casa, servida individualmente.',
  'Serve duas pessoas.',
  'Feita aqui, todos os dias.',
  '',
  'Servido bem gelado.',
];

export const OBSERVATIONS = [
  'Sem cebola',
  'Bem passado',
  'Ao ponto',
  'Sem gelo',
  'Molho à parte',
  'Sem glúten, por favor',
  'Pouco sal',
  'Com gelo e limão',
  'Cortar ao meio',
  'Sem pimenta',
];

/** [name, price in cents] of the one complement some items carry. */
export const COMPLEMENTS: MenuItem[] = [
  ['Bacon extra', 600],
  ['Queijo extra', 500],
  ['Molho especial', 300],
  ['Ovo', 300],
  ['Borda recheada', 800],
  ['Porção de arroz', 900],
];

export const REVIEW_TEXTS = {
  good: [
    'Comida excelente e atendimento impecável!',
    'Tudo muito gostoso, voltaremos com certeza.',
    'Ambiente agradável e pratos bem servidos.',
    'Melhor lugar da região, recomendo.',
    'Garçons atenciosos e comida chegou rápido.',
    'Ótimo custo-benefício.',
  ],
  average: [
    'Comida boa, mas demorou um pouco.',
    'Razoável. O ambiente estava barulhento.',
    'Bom, mas já foi melhor.',
    'Preço um pouco alto para a porção.',
  ],
  bad: [
    'Pedido demorou demais e veio frio.',
    'Atendimento deixou a desejar.',
    'Não gostei, a comida estava sem sabor.',
    'Cobraram um item que não pedimos.',
  ],
};
