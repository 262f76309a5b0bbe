import * as s from '../../db/schema';
import { DEMO_OPDV_TOKEN } from '../../opdv/catalogue';
import { STORES } from '../catalog';
import { makeCnpj, makeCpf, makeLandline, makeMobile, plain } from '../documents';
import { cover, logo } from '../images';
import { buildMenu, type MenuRows } from './menus';
import type { Demo, Row } from './state';

/**
 * The stores with their bank accounts, menus (menus.ts), tables, loyalty programs and the OPDV
 * integration; two stores at the 'accounts' scale, whose other rows are then left out.
 */
export function buildStores(
  demo: Pick<
    Demo,
    | 'scale'
    | 'clock'
    | 'rng'
    | 'images'
    | 'cuisineIds'
    | 'cityIds'
    | 'stores'
    | 'storeRows'
    | 'productRows'
    | 'tableRows'
    | 'push'
  >,
): void {
  const defs = demo.scale === 'full' ? STORES : STORES.slice(0, 2);
  const rng = demo.rng.fork('stores');
  const menus: MenuRows = { kitchens: [], categories: [], groups: [], groupProducts: [], productGroups: [] };
  const banks: Row<typeof s.bankAccounts>[] = [];
  const integrations: Row<typeof s.integrations>[] = [];
  const programs: Row<typeof s.loyaltyPrograms>[] = [];
  const ids = { kitchen: 0, category: 0, product: 0, group: 0, table: 0, bank: 0, program: 0 };

  defs.forEach((def, index) => {
    const id = index + 1;
    const since = demo.clock.at(-def.partnerDays, 10 * 60 + index * 13);
    const updated = demo.clock.at(-Math.min(def.partnerDays, def.stoppedDays ?? 20 + index), 15 * 60);
    const cnpj = makeCnpj(rng);
    const cpf = makeCpf(rng);
    const responsibleSlug = plain(def.responsible).split(' ');
    const site = `https://www.${def.slug}.com.br`;
    const whatsapp = makeMobile(rng, def.ddd);
    const img = {
      white: demo.images.add(`stores/${def.slug}-logo-white.svg`, logo(def.name, def.hue, 'white')),
      black: demo.images.add(`stores/${def.slug}-logo-black.svg`, logo(def.name, def.hue, 'black')),
      cover: demo.images.add(`stores/${def.slug}-cover.svg`, cover(def.name, def.description, def.hue)),
    };
    demo.storeRows.push({
      id,
      name: def.name,
      slug: def.slug,
      company_name: def.company,
      cnpj,
      phone: makeLandline(rng, def.ddd),
      whatsapp,
      site,
      instagram: `@${def.slug}`,
      description: def.description,
      full_description: def.fullDescription,
      cousine_id: demo.cuisineIds.get(def.cuisine) ?? null,
      operation_id: demo.cityIds.get(def.city) ?? null,
      status: def.status,
      logo_white: img.white,
      logo_black: img.black,
      bg_image: img.cover,
      street: def.street,
      street_number: def.number,
      neighborhood: def.neighborhood,
      zip_code: def.zip,
      city: def.city,
      uf: def.uf,
      maps_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${def.street}, ${def.number} - ${def.neighborhood}, ${def.city} - ${def.uf}`)}`,
      name_responsible: def.responsible,
      cpf,
      email: `${responsibleSlug[0]}.${responsibleSlug[responsibleSlug.length - 1]}@${def.slug}.com.br`,
      phone_responsible: makeMobile(rng, def.ddd),
      email_admin: `admin@${def.slug}.com.br`,
      feedme_physical_tax: def.physicalTax,
      feedme_digital_tax: def.digitalTax,
      service_charge: def.serviceCharge,
      app_skin: def.skin,
      opening_hours: def.hours,
      reservations: def.reservationHours.length > 0,
      reservation_hours: def.reservationHours,
      links: [
        { title: 'Instagram', url: `https://instagram.com/${def.slug}`, active: true, icon: 'instagram' },
        { title: 'WhatsApp', url: `https://wa.me/55${whatsapp}`, active: true, icon: 'whatsapp' },
        {
          title: 'Como chegar',
          url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(def.name + ' ' + def.city)}`,
          active: index % 4 !== 3,
          icon: 'map',
        },
      ],
      default_links: {
        menu: { title: 'Cardápio', url: `https://painel.com.br/${def.slug}/cardapio`, active: true },
        reservations: {
          title: 'Reservas',
          url: `https://painel.com.br/${def.slug}/reservas`,
          active: def.reservationHours.length > 0,
        },
      },
      n_ratings: 0,
      rating: 0,
      list_order: index + 1,
      created_at: since,
      updated_at: updated,
    });

    banks.push({
      id: ++ids.bank,
      store_id: id,
      bank_code: def.bank.code,
      bank_name: def.bank.name,
      agency: rng.digits(4),
      account: `${rng.int(10000, 99999)}${rng.digits(3)}`,
      account_digit: rng.digits(1),
      account_type: 'CHECKING',
      holder_name: def.company,
      holder_document: cnpj,
      pix_key: cnpj,
      pix_key_type: 'CNPJ',
      is_default: true,
      created_at: since,
    });
    const defaultBankId = ids.bank;
    if (index === 0) {
      banks.push({
        id: ++ids.bank,
        store_id: id,
        bank_code: '260',
        bank_name: 'Nu Pagamentos S.A.',
        agency: '0001',
        account: rng.digits(8),
        account_digit: rng.digits(1),
        account_type: 'SAVINGS',
        holder_name: def.company,
        holder_document: cnpj,
        pix_key: `financeiro@${def.slug}.com.br`,
        pix_key_type: 'EMAIL',
        is_default: false,
        created_at: demo.clock.at(-200, 11 * 60),
      });
    }
    const { kitchenIds, food, drinks } = buildMenu(demo, rng, menus, ids, { def, index, id, since });

    const tableIds: number[] = [];
    for (let n = 1; n <= def.tables; n++) {
      tableIds.push(++ids.table);
      demo.tableRows.push({
        id: ids.table,
        store_id: id,
        number: n,
        name: `Mesa ${n}`,
        status: 'AVAILABLE',
        created_at: since,
        updated_at: since,
      });
    }

    let programId: number | null = null;
    if (def.loyalty) {
      programId = ++ids.program;
      // Since the store joined: a customer's consumption is every tab closed there.
      const created = demo.clock.at(-def.partnerDays, 16 * 60);
      programs.push({
        id: programId,
        store_id: id,
        consumption: def.loyalty.consumption,
        discount: def.loyalty.discount,
        active: def.loyalty.active,
        created_at: created,
        updated_at: created,
      });
    }
    if (index === 0) {
      const created = demo.clock.at(-180, 10 * 60);
      // The local OPDV's token for Cantina Bella (server/opdv/stand-in.ts). Written as is: the API
      // seals tokens it finds unsealed when it starts (server/routes/integrations.ts), and the demo
      // has no key of its own. No base_url: the configured OPDV_URL, the local OPDV by default.
      integrations.push({
        id: 1,
        store_id: id,
        integration_type: 'OPDV',
        token: DEMO_OPDV_TOKEN,
        token_hint: DEMO_OPDV_TOKEN.slice(-4),
        base_url: null,
        created_by: null,
        active: true,
        settings: { store_code: 'CB001' },
        created_at: created,
        updated_at: created,
      });
    }

    demo.stores.push({
      index,
      id,
      def,
      food,
      drinks,
      menu: [...food, ...drinks],
      kitchenIds,
      tableIds,
      pool: [],
      poolCumulative: [],
      programId,
      defaultBankId,
    });
  });

  if (demo.scale === 'full') {
    demo.push(s.bankAccounts, banks);
    demo.push(s.kitchens, menus.kitchens);
    demo.push(s.categories, menus.categories);
    demo.push(s.complementGroups, menus.groups);
    demo.push(s.complementGroupProducts, menus.groupProducts);
    demo.push(s.productComplementGroups, menus.productGroups);
    demo.push(s.integrations, integrations);
    demo.push(s.loyaltyPrograms, programs);
  }
}
