import { useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import { SelectInput, TextInput, TopToolbar, useInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ImagePicker } from '../../components/ImagePicker';
import { CepInput, PhoneInput } from '../../components/MaskedInputs';
import { groupHours, groupProblems } from '../../../contract/lib/hours';
import { GeneratedSingle } from '../../engine/GeneratedForm';
import { ToolbarLink } from '../../engine/parts';
import { MunicipalityAutocomplete } from '../restaurants/MunicipalityAutocomplete';
import { CuisineInput } from '../restaurants/parts';
import type { Store } from '../../../contract/resources/restaurants/definition';
import { ufOfCep } from './cep';
import { hoursSent, settingsPayload, type SettingsValues } from './formValues';
import { DefaultLinksInputs, ExtraLinksInput } from './LinksInputs';
import { OpeningHoursInput } from './OpeningHoursInput';
import { ownStoreScreen } from './ownStore';
import { settingsPaths } from './paths';
import { settingsUpdateInput } from '../../../contract/resources/settings/schema';
import { errorText } from './touch';

/**
 * The city, suggested from the IBGE municipalities of the address's state; choosing one sets the
 * UF. A CEP fills its state (the Correios' ranges, ./cep.ts), and a city of another state no
 * longer fits: it is emptied for the user to choose again among the new state's.
 */
function CityInput() {
  const { field, fieldState } = useInput({ source: 'info.address.city' });
  const [uf, cep] = useWatch({ name: ['info.address.uf', 'info.address.zip_code'] }) as [
    string | null,
    string | null,
  ];
  const form = useFormContext();
  // The suggestions keep what is typed; a city emptied from outside starts them anew.
  const [generation, setGeneration] = useState(0);
  const initialCep = useRef(cep);
  const { onChange } = field;
  useEffect(() => {
    if (cep === initialCep.current) return;
    const fromCep = ufOfCep(cep);
    if (!fromCep || form.getValues('info.address.uf') === fromCep) return;
    form.setValue('info.address.uf', fromCep, { shouldDirty: true, shouldValidate: true });
    onChange('');
    setGeneration((current) => current + 1);
  }, [cep, form, onChange]);
  return (
    <Box sx={{ mb: '4px' }}>
      <MunicipalityAutocomplete
        key={generation}
        label="Cidade"
        value={(field.value as string | null) ?? ''}
        uf={uf && uf.length === 2 ? uf.toUpperCase() : undefined}
        error={Boolean(fieldState.error)}
        helperText={errorText(fieldState.error)}
        onChange={(name, municipality) => {
          onChange(name);
          if (municipality) {
            form.setValue('info.address.uf', municipality.uf, { shouldDirty: true, shouldValidate: true });
          }
        }}
      />
    </Box>
  );
}

/**
 * The form's check: what SALVAR sends, as the API checks it, and the hours' rules under the group
 * that breaks them (contract/lib/hours.ts), the groups being what the screen shows.
 */
const schema = settingsUpdateInput.extend({
  hours: z.array(z.unknown()).superRefine((groups, context) =>
    groupProblems(groups as SettingsValues['hours']).forEach((problems, index) => {
      for (const [field, message] of Object.entries(problems))
        context.addIssue({ code: 'custom', message, path: [index, field] });
    }),
  ),
});

const text = (source: string, label: string, props: object = {}) => (
  <TextInput source={source} label={label} fullWidth {...props} />
);

/**
 * /settings (restaurant spec 2, "Settings and links"): the store's settings for its team — Sobre,
 * Endereço, Funcionamento, Links Adicionais, Links Padrão, SALVAR —, saved with PATCH
 * /api/stores/id/{id}. The API applies the save rules of spec 5 (links, site, default links) and
 * the rules of the hours; the screen then shows the store as saved. The platform's status and
 * fees are not the store's to change, and are not shown.
 */
const screen = ownStoreScreen(
  { saved: 'As configurações foram atualizadas com sucesso!', unsaved: 'Ocorreu um erro na atualização' },
  {
    title: 'Configurações',
    actions: (
      <TopToolbar sx={{ justifyContent: 'flex-end' }}>
        <ToolbarLink to={settingsPaths.teams} label="VER EQUIPE" icon={<GroupsIcon />} />
      </TopToolbar>
    ),
    values: (store) => ({ ...store, hours: groupHours((store as Store).info.opening_hours) }),
    transform: (values, store) => settingsPayload(values as SettingsValues, store as Store),
    sent: hoursSent,
    schema,
    sections: [
      {
        title: 'Sobre',
        fields: [
          ['logo_black', 'logo_white', 'bg_image'],
          ['name', 'info.company_name'],
          ['cousine_id', 'info.instagram'],
          'description',
          'info.full_description',
          ['info.phone', 'info.whatsapp', 'info.site'],
          ['info.service_charge', 'info.app_skin'],
        ],
      },
      {
        title: 'Endereço',
        fields: [
          ['info.address.zip_code', 'info.address.street'],
          ['info.address.street_number', 'info.address.neighborhood', 'info.address.city'],
          ['info.address.uf', 'info.address.maps_url'],
        ],
      },
      { title: 'Funcionamento', fields: ['hours'] },
      { title: 'Links Adicionais', fields: ['info.links'] },
      { title: 'Links Padrão', fields: ['info.default_links'] },
    ],
    inputs: {
      logo_black: <ImagePicker source="logo_black" label="Imagem de capa" accept="png" />,
      logo_white: <ImagePicker source="logo_white" label="Logo" accept="png" />,
      bg_image: <ImagePicker source="bg_image" label="Foto da home" accept="jpeg" />,
      name: text('name', 'Nome fantasia'),
      'info.company_name': text('info.company_name', 'Razão social'),
      cousine_id: <CuisineInput />,
      'info.instagram': text('info.instagram', 'Instagram'),
      description: text('description', 'Frase promocional'),
      'info.full_description': text('info.full_description', 'Descrição completa', {
        multiline: true,
        minRows: 3,
      }),
      'info.phone': <PhoneInput source="info.phone" label="Telefone" fullWidth />,
      'info.whatsapp': <PhoneInput source="info.whatsapp" label="WhatsApp" fullWidth />,
      'info.site': text('info.site', 'Site'),
      'info.service_charge': text('info.service_charge', 'Taxa de serviço (%)', {
        inputProps: { inputMode: 'decimal' },
      }),
      'info.app_skin': (
        <SelectInput
          source="info.app_skin"
          label="Tema no aplicativo"
          choices={[
            { id: 'WHITE', name: 'Claro' },
            { id: 'BLACK', name: 'Escuro' },
          ]}
          fullWidth
        />
      ),
      'info.address.zip_code': (
        <CepInput
          source="info.address.zip_code"
          label="CEP"
          helperText="A UF vem do CEP; escolha a cidade entre as sugestões."
          fullWidth
        />
      ),
      'info.address.street': text('info.address.street', 'Rua'),
      'info.address.street_number': text('info.address.street_number', 'Número', {
        inputProps: { inputMode: 'numeric' },
      }),
      'info.address.neighborhood': text('info.address.neighborhood', 'Bairro'),
      'info.address.city': <CityInput />,
      'info.address.uf': text('info.address.uf', 'UF', {
        parse: (value: string) => value.toUpperCase(),
        inputProps: { maxLength: 2, autoCapitalize: 'characters' },
      }),
      'info.address.maps_url': text('info.address.maps_url', 'Link do mapa'),
      hours: <OpeningHoursInput />,
      'info.links': <ExtraLinksInput />,
      'info.default_links': <DefaultLinksInputs />,
    },
  },
);

export function SettingsPage() {
  return <GeneratedSingle {...screen} />;
}
