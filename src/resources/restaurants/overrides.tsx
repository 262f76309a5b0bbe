import { Rating, Stack, Tooltip } from '@mui/material';
import { TextInput, type RaRecord } from 'react-admin';
import { withScheme } from '../../../contract/lib/fields';
import {
  restaurantFields as fields,
  storeCreateInput,
  storeDetailForm,
} from '../../../contract/resources/restaurants/definition';
import { ImagePicker } from '../../components/ImagePicker';
import { CepInput, CnpjInput, CpfInput, PhoneInput } from '../../components/MaskedInputs';
import { defineScreens } from '../../engine/overrides';
import { OperationInput } from './OperationInput';
import { restaurantPath } from './paths';
import {
  BankData,
  CityInput,
  CreateToolbar,
  CuisineInput,
  DetailHeader,
  LINKS,
  LinkRows,
  LoyaltySummary,
  PartnerSince,
  DetailToolbar,
} from './parts';

/** An address typed without http(s), as the form's check accepted it, gets https://. */
const schemed = (value: unknown) =>
  typeof value === 'string' && value.trim() ? withScheme(value.trim()) : value;

/**
 * What CRIAR sends: links without a title or an address are dropped; addresses (links, site, map)
 * get https:// when they lack a scheme.
 */
export function createPayload(data: Record<string, unknown>): Record<string, unknown> {
  const links = ((data.links ?? []) as { title: string; url: string; active: boolean; icon?: string }[])
    .filter((link) => link.title?.trim() && link.url?.trim())
    .map((link) => ({ ...link, url: withScheme(link.url.trim()) }));
  return { ...data, site: schemed(data.site), maps_url: schemed(data.maps_url), links };
}

/**
 * What SALVAR sends, in the API's shape (spec 7: info, status, name, cousine_id), from the flat
 * columns the detail edits. Every field on screen is sent: an emptied optional one (phone, site)
 * is cleared, an emptied required one is refused with its message.
 */
export function detailPayload(data: Partial<RaRecord>): Record<string, unknown> {
  const value = (source: string) => (data[source] as unknown) ?? null;
  return {
    name: value('name'),
    status: data.status,
    cousine_id: value('cousine_id'),
    info: {
      cnpj: value('cnpj'),
      company_name: value('company_name'),
      phone: value('phone'),
      site: value('site'),
      address: {
        city: value('city'),
        street: value('street'),
        neighborhood: value('neighborhood'),
        zip_code: value('zip_code'),
      },
      responsible: {
        name: value('name_responsible'),
        cpf: value('cpf'),
        phone: value('phone_responsible'),
        email: value('email'),
      },
    },
  };
}

/** The stars and the average, one decimal. */
function ratingCell(record: RaRecord) {
  const rating = Number(record.rating);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Rating value={rating} precision={0.1} readOnly size="small" />
      <span>{rating.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</span>
    </Stack>
  );
}

/**
 * Restaurantes (platform spec 2.5): /restaurants/list is the restaurants in their app order, moved
 * by their grips and saved with SALVAR ORDEM; the name search asks the server and pauses the
 * reordering; a row opens its detail. Restaurants are created from the dashboard.
 * /restaurants/create and the detail
 * (/restaurants/list/details/:id) are one form over the definition's fields; creating asks for the
 * images, the city of operation, the links and the fees, the detail shows the figures, the bank
 * account and the loyalty program. The labels are the spec's, bare: the checks say what is missing
 * on CRIAR / SALVAR.
 */
export default defineScreens({
  list: {
    create: false,
    searchLabel: 'Buscar restaurante pelo nome',
    cells: { rating: ratingCell },
    headers: {
      n_ratings: (
        <Tooltip title="Usuários que já avaliaram">
          <span>{fields.n_ratings.label}</span>
        </Tooltip>
      ),
    },
    rowClick: (id) => restaurantPath(id),
    empty: false,
    noRows: 'Nenhum restaurante encontrado.',
    sortable: {
      name: (record) => String(record.name),
      saved: 'Ordem dos restaurantes atualizada com sucesso!',
      filtered: 'Limpe a busca para reordenar os restaurantes.',
    },
  },
  form: {
    inputs: {
      // The list's column is "Nome"; the form names the trade name.
      name: <TextInput source="name" label="Nome fantasia" fullWidth />,
      cnpj: <CnpjInput source="cnpj" label={fields.cnpj.label} fullWidth />,
      phone: <PhoneInput source="phone" label={fields.phone.label} fullWidth />,
      cousine_id: <CuisineInput />,
      zip_code: <CepInput source="zip_code" label={fields.zip_code.label} fullWidth />,
      cpf: <CpfInput source="cpf" label={fields.cpf.label} fullWidth />,
      phone_responsible: (
        <PhoneInput source="phone_responsible" label={fields.phone_responsible.label} fullWidth />
      ),
      email: <TextInput source="email" label={fields.email.label} type="email" fullWidth />,
    },
    maxWidth: 960,
    marked: false,
    create: {
      sections: [
        { title: 'Imagens', fields: [['logo_black', 'logo_white', 'bg_image']] },
        { title: 'Cidade e cozinha', fields: [['operation_id', 'cousine_id']] },
        {
          title: 'Dados gerais',
          fields: [
            ['name', 'company_name'],
            ['cnpj', 'instagram'],
            'description',
            'full_description',
            ['phone', 'whatsapp', 'site'],
            ['email_admin'],
          ],
        },
        {
          title: 'Endereço',
          fields: [
            ['zip_code', 'street'],
            ['street_number', 'neighborhood', 'city'],
            ['uf', 'maps_url'],
          ],
        },
        {
          title: 'Representante legal',
          fields: [
            ['name_responsible', 'cpf'],
            ['email', 'phone_responsible'],
          ],
        },
        { title: 'Taxas', fields: [['feedme_physical_tax', 'feedme_digital_tax', 'service_charge']] },
        { title: 'Links', fields: ['links'] },
      ],
      inputs: {
        logo_black: <ImagePicker source="logo_black" label={fields.logo_black.label} accept="png" />,
        logo_white: <ImagePicker source="logo_white" label={fields.logo_white.label} accept="png" />,
        bg_image: <ImagePicker source="bg_image" label={fields.bg_image.label} accept="jpeg" />,
        operation_id: <OperationInput />,
        whatsapp: <PhoneInput source="whatsapp" label={fields.whatsapp.label} fullWidth />,
        email_admin: (
          <TextInput source="email_admin" label={fields.email_admin.label} type="email" fullWidth />
        ),
        city: <CityInput />,
        links: <LinkRows />,
      },
      schema: storeCreateInput,
      defaultValues: {
        feedme_physical_tax: '0',
        feedme_digital_tax: '0',
        service_charge: '0',
        links: LINKS.map((link) => ({ ...link, url: '', active: true })),
      },
      sent: createPayload,
      toolbar: <CreateToolbar />,
    },
    edit: {
      header: <DetailHeader />,
      sections: [
        {
          title: 'Dados gerais',
          fields: [
            ['name', 'cnpj'],
            ['company_name', 'phone'],
            ['site', 'cousine_id'],
            ['status', 'created_at'],
          ],
        },
        {
          title: 'Endereço',
          fields: [
            ['city', 'street'],
            ['neighborhood', 'zip_code'],
          ],
        },
        {
          title: 'Responsável legal',
          fields: [
            ['name_responsible', 'cpf'],
            ['phone_responsible', 'email'],
          ],
        },
        { title: 'Dados bancários', fields: ['bank_account'] },
        { title: 'Programa de fidelidade', fields: ['loyalty'] },
      ],
      inputs: {
        created_at: <PartnerSince />,
        bank_account: <BankData />,
        loyalty: <LoyaltySummary />,
      },
      schema: storeDetailForm,
      sent: detailPayload,
      toolbar: <DetailToolbar />,
      after: { path: '/restaurants/list' },
    },
  },
});
