import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Divider, Grid, Stack, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useInput,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { BRAZILIAN_UFS } from '../../../contract/lib/validators';
import { withScheme } from '../../../contract/lib/fields';
import { zodValidate } from '../../lib/zodForm';
import {
  FILL_REQUIRED,
  IMAGES_MISSING,
  SELECTS_MISSING,
  storeCreateInput,
} from '../../../contract/resources/restaurants/definition';
import { ImagePicker } from '../../components/ImagePicker';
import { CepInput, CnpjInput, CpfInput, PhoneInput } from '../../components/MaskedInputs';
import { MunicipalityAutocomplete } from './MunicipalityAutocomplete';
import { OperationInput } from './OperationInput';

const LINKS = [
  { title: 'Cardápio', icon: 'menu' },
  { title: 'Reservas', icon: 'reservations' },
  { title: 'Mapa', icon: 'map' },
  { title: 'Instagram', icon: 'instagram' },
  { title: 'WhatsApp', icon: 'whatsapp' },
];

const defaults = {
  feedme_physical_tax: '0',
  feedme_digital_tax: '0',
  service_charge: '0',
  links: LINKS.map((link) => ({ ...link, url: '', active: true })),
};

const REQUIRED_FIELDS = [
  'description',
  'name',
  'cnpj',
  'full_description',
  'company_name',
  'instagram',
  'uf',
  'street_number',
  'neighborhood',
  'zip_code',
  'street',
  'city',
  'cpf',
  'email_admin',
  'name_responsible',
  'email',
  'feedme_physical_tax',
  'feedme_digital_tax',
];

function Section({ title }: { title: string }) {
  return (
    <Box sx={{ width: '100%', mt: 3 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 1 }} />
    </Box>
  );
}

/** react-admin keeps form-level messages as `{ message, args }`; plain inputs need the text. */
function validationMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

function CityInput() {
  const { field, fieldState } = useInput({ source: 'city' });
  const form = useFormContext();
  return (
    <MunicipalityAutocomplete
      label="Cidade"
      value={field.value ?? ''}
      error={Boolean(fieldState.error)}
      helperText={validationMessage(fieldState.error?.message)}
      onChange={(name, municipality) => {
        field.onChange(name);
        if (municipality) form.setValue('uf', municipality.uf, { shouldDirty: true, shouldValidate: true });
      }}
    />
  );
}

/** The checks the spec runs before submitting, with its notices. */
function CreateToolbar() {
  const notify = useNotify();
  const form = useFormContext();
  const check = (event: MouseEvent) => {
    const values = form.getValues();
    let message: string | null = null;
    if (!values.logo_black || !values.logo_white || !values.bg_image) message = IMAGES_MISSING;
    else if (!values.operation_id || !values.cousine_id) message = SELECTS_MISSING;
    else if (REQUIRED_FIELDS.some((name) => String(values[name] ?? '').trim() === ''))
      message = FILL_REQUIRED;
    if (message) {
      notify(message, { type: 'warning' });
      // Still let the form mark the empty fields.
      void form.trigger();
      event.preventDefault();
    }
  };
  return (
    <Toolbar>
      <SaveButton label="CRIAR" alwaysEnable onClick={check} />
    </Toolbar>
  );
}

/** An address typed without http(s), as the form's check accepted it, gets https://. */
const schemed = (value: unknown) =>
  typeof value === 'string' && value.trim() ? withScheme(value.trim()) : value;

/**
 * Links without a title or an address are dropped; addresses (links, site, map) get https:// when
 * they lack a scheme.
 */
export function createPayload(data: RaRecord) {
  const links = ((data.links ?? []) as { title: string; url: string; active: boolean; icon?: string }[])
    .filter((link) => link.title?.trim() && link.url?.trim())
    .map((link) => ({ ...link, url: withScheme(link.url.trim()) }));
  return { ...data, site: schemed(data.site), maps_url: schemed(data.maps_url), links };
}

const half = { size: { xs: 12, md: 6 } } as const;
const third = { size: { xs: 12, sm: 6, md: 4 } } as const;

/** Spec 2.5 and 5: the restaurant create form. */
export function RestaurantCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Create
      resource="restaurants"
      title="Novo restaurante"
      transform={createPayload}
      mutationOptions={{
        onSuccess: () => {
          notify('Restaurante criado com sucesso!', { type: 'success' });
          navigate(-1);
        },
      }}
    >
      {/* noValidate: the browser's own e-mail check would block the submit before spec 5's messages show. */}
      <SimpleForm
        noValidate
        defaultValues={defaults}
        validate={zodValidate(storeCreateInput)}
        toolbar={<CreateToolbar />}
      >
        <Section title="Imagens" />
        <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
          <ImagePicker source="logo_black" label="Imagem de capa" accept="png" />
          <ImagePicker source="logo_white" label="Logo branca" accept="png" />
          <ImagePicker source="bg_image" label="Foto da home" accept="jpeg" />
        </Stack>
        <Section title="Cidade e cozinha" />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid {...half}>
            <OperationInput />
          </Grid>
          <Grid {...half}>
            <ReferenceInput
              source="cousine_id"
              reference="cousines"
              perPage={100}
              sort={{ field: 'name', order: 'ASC' }}
            >
              <SelectInput label="Cozinha" optionText="name" fullWidth />
            </ReferenceInput>
          </Grid>
        </Grid>
        <Section title="Dados gerais" />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid {...half}>
            <TextInput source="name" label="Nome fantasia" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="company_name" label="Razão social" fullWidth />
          </Grid>
          <Grid {...half}>
            <CnpjInput source="cnpj" label="CNPJ" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="instagram" label="Instagram" fullWidth />
          </Grid>
          <Grid size={12}>
            <TextInput source="description" label="Frase promocional" fullWidth />
          </Grid>
          <Grid size={12}>
            <TextInput source="full_description" label="Descrição completa" multiline minRows={3} fullWidth />
          </Grid>
          <Grid {...third}>
            <PhoneInput source="phone" label="Telefone" fullWidth />
          </Grid>
          <Grid {...third}>
            <PhoneInput source="whatsapp" label="WhatsApp" fullWidth />
          </Grid>
          <Grid {...third}>
            <TextInput source="site" label="Site" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput
              source="email_admin"
              label="E-mail do administrador do restaurante"
              type="email"
              fullWidth
            />
          </Grid>
        </Grid>
        <Section title="Endereço" />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid {...third}>
            <CepInput source="zip_code" label="CEP" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextInput source="street" label="Rua" fullWidth />
          </Grid>
          <Grid {...third}>
            <TextInput source="street_number" label="Número" fullWidth />
          </Grid>
          <Grid {...third}>
            <TextInput source="neighborhood" label="Bairro" fullWidth />
          </Grid>
          <Grid {...third}>
            <Box sx={{ pt: 1 }}>
              <CityInput />
            </Box>
          </Grid>
          <Grid {...third}>
            <SelectInput
              source="uf"
              label="UF"
              choices={BRAZILIAN_UFS.map((uf) => ({ id: uf, name: uf }))}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextInput source="maps_url" label="Link do mapa" fullWidth />
          </Grid>
        </Grid>
        <Section title="Representante legal" />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid {...half}>
            <TextInput source="name_responsible" label="Nome completo" fullWidth />
          </Grid>
          <Grid {...half}>
            <CpfInput source="cpf" label="CPF" fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="email" label="E-mail" type="email" fullWidth />
          </Grid>
          <Grid {...half}>
            <PhoneInput source="phone_responsible" label="Telefone" fullWidth />
          </Grid>
        </Grid>
        <Section title="Taxas" />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid {...third}>
            <TextInput source="feedme_physical_tax" label="Taxa pagamento físico (%)" fullWidth />
          </Grid>
          <Grid {...third}>
            <TextInput source="feedme_digital_tax" label="Taxa pagamento digital (%)" fullWidth />
          </Grid>
          <Grid {...third}>
            <TextInput source="service_charge" label="Taxa de serviço (%)" fullWidth />
          </Grid>
        </Grid>
        <Section title="Links" />
        {LINKS.map((link, index) => (
          <Grid container columnSpacing={2} key={link.icon} sx={{ width: '100%', alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextInput source={`links.${index}.title`} label="Título" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source={`links.${index}.url`} label="Endereço (URL)" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 2 }}>
              <BooleanInput source={`links.${index}.active`} label="Ativo" />
            </Grid>
          </Grid>
        ))}
      </SimpleForm>
    </Create>
  );
}
