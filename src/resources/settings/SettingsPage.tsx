import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Grid, Stack } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import SaveIcon from '@mui/icons-material/Save';
import { Form, ReferenceInput, SelectInput, TextInput, useCanAccess, useInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ImagePicker } from '../../components/ImagePicker';
import { CepInput, PhoneInput } from '../../components/MaskedInputs';
import { groupProblems } from '../../../contract/lib/hours';
import { zodValidate } from '../../lib/zodForm';
import { MunicipalityAutocomplete } from '../restaurants/MunicipalityAutocomplete';
import { restaurants, type Store } from '../../../contract/resources/restaurants/definition';
import { ufOfCep } from './cep';
import { formGroups, settingsPayload, settingsValues, type SettingsValues } from './formValues';
import { DefaultLinksInputs, ExtraLinksInput } from './LinksInputs';
import { OpeningHoursInput } from './OpeningHoursInput';
import { settingsPaths } from './paths';
import { settingsUpdateInput, type SettingsUpdate } from '../../../contract/resources/settings/schema';
import { ReadOnlyNotice, ScreenHeader, Section, StoreState } from './Screen';
import { errorText, TOUCH } from './touch';
import { useOwnStore } from './useOwnStore';
import { useStoreSave } from './useStoreSave';

export const SETTINGS_SAVED = 'As configurações foram atualizadas com sucesso!';
export const SETTINGS_FAILED = 'Ocorreu um erro na atualização';

const APP_SKINS = [
  { id: 'WHITE', name: 'Claro' },
  { id: 'BLACK', name: 'Escuro' },
];

const half = { size: { xs: 12, sm: 6 } } as const;
const third = { size: { xs: 12, sm: 6, md: 4 } } as const;

/**
 * The city, suggested from the IBGE municipalities of the address's state; choosing one sets the
 * UF. A CEP fills its state (the Correios' ranges, ./cep.ts), and a city of another state no
 * longer fits: it is emptied for the user to choose again among the new state's.
 */
function CityInput({ disabled }: { disabled: boolean }) {
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
    <Box sx={{ mb: '4px', pointerEvents: disabled ? 'none' : undefined }}>
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

/** The settings' form: Sobre, Endereço, Funcionamento, Links Adicionais, Links Padrão, SALVAR. */
function SettingsForm({
  store,
  canSave,
  save,
  saving,
}: {
  store: Store;
  canSave: boolean;
  save: (store: Store, data: SettingsUpdate) => void;
  saving: boolean;
}) {
  const disabled = !canSave || saving;
  const values = useMemo(() => settingsValues(store), [store]);
  const validate = useMemo(() => {
    const payload = zodValidate(settingsUpdateInput, (form) =>
      settingsPayload(form as unknown as SettingsValues, store),
    );
    return (form: Record<string, unknown>) => {
      const errors = payload(form) as { info?: Record<string, unknown> } & Record<string, unknown>;
      // The per-day list's messages are placed on the groups, which are what the screen shows.
      if (errors.info) delete errors.info.opening_hours;
      const groups = groupProblems(formGroups(form.hours as SettingsValues['hours']));
      if (groups.some((group) => Object.keys(group).length > 0)) errors.hours = groups;
      return errors;
    };
  }, [store]);

  const submit = (form: Record<string, unknown>) =>
    save(store, settingsPayload(form as unknown as SettingsValues, store));

  return (
    <Form record={values} onSubmit={submit} validate={validate} noValidate>
      <Section title="Sobre" id="settings-about">
        <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', mb: 2 }}>
          <ImagePicker source="logo_black" label="Imagem de capa" accept="png" />
          <ImagePicker source="logo_white" label="Logo" accept="png" />
          <ImagePicker source="bg_image" label="Foto da home" accept="jpeg" />
        </Stack>
        <Grid container columnSpacing={2}>
          <Grid {...half}>
            <TextInput source="name" label="Nome fantasia" disabled={disabled} fullWidth />
          </Grid>
          <Grid {...half}>
            <TextInput source="info.company_name" label="Razão social" disabled={disabled} fullWidth />
          </Grid>
          <Grid {...half}>
            <ReferenceInput
              source="cousine_id"
              reference="cousines"
              perPage={100}
              sort={{ field: 'name', order: 'ASC' }}
            >
              <SelectInput label="Cozinha" optionText="name" disabled={disabled} fullWidth />
            </ReferenceInput>
          </Grid>
          <Grid {...half}>
            <TextInput source="info.instagram" label="Instagram" disabled={disabled} fullWidth />
          </Grid>
          <Grid size={12}>
            <TextInput source="description" label="Frase promocional" disabled={disabled} fullWidth />
          </Grid>
          <Grid size={12}>
            <TextInput
              source="info.full_description"
              label="Descrição completa"
              multiline
              minRows={3}
              disabled={disabled}
              fullWidth
            />
          </Grid>
          <Grid {...third}>
            <PhoneInput source="info.phone" label="Telefone" disabled={disabled} fullWidth />
          </Grid>
          <Grid {...third}>
            <PhoneInput source="info.whatsapp" label="WhatsApp" disabled={disabled} fullWidth />
          </Grid>
          <Grid {...third}>
            <TextInput source="info.site" label="Site" disabled={disabled} fullWidth />
          </Grid>
          <Grid {...third}>
            <TextInput
              source="info.service_charge"
              label="Taxa de serviço (%)"
              inputProps={{ inputMode: 'decimal' }}
              disabled={disabled}
              fullWidth
            />
          </Grid>
          <Grid {...third}>
            <SelectInput
              source="info.app_skin"
              label="Tema no aplicativo"
              choices={APP_SKINS}
              disabled={disabled}
              fullWidth
            />
          </Grid>
        </Grid>
      </Section>
      <Section title="Endereço" id="settings-address">
        <Grid container columnSpacing={2}>
          <Grid {...third}>
            <CepInput
              source="info.address.zip_code"
              label="CEP"
              helperText="A UF vem do CEP; escolha a cidade entre as sugestões."
              disabled={disabled}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 8 }}>
            <TextInput source="info.address.street" label="Rua" disabled={disabled} fullWidth />
          </Grid>
          <Grid {...third}>
            <TextInput
              source="info.address.street_number"
              label="Número"
              inputProps={{ inputMode: 'numeric' }}
              disabled={disabled}
              fullWidth
            />
          </Grid>
          <Grid {...third}>
            <TextInput source="info.address.neighborhood" label="Bairro" disabled={disabled} fullWidth />
          </Grid>
          <Grid {...third}>
            <CityInput disabled={disabled} />
          </Grid>
          <Grid {...third}>
            <TextInput
              source="info.address.uf"
              label="UF"
              parse={(value: string) => value.toUpperCase()}
              inputProps={{ maxLength: 2, autoCapitalize: 'characters' }}
              disabled={disabled}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextInput source="info.address.maps_url" label="Link do mapa" disabled={disabled} fullWidth />
          </Grid>
        </Grid>
      </Section>
      <Section title="Funcionamento" id="settings-hours">
        <OpeningHoursInput disabled={disabled} />
      </Section>
      <Section title="Links Adicionais" id="settings-links">
        <ExtraLinksInput disabled={disabled} />
      </Section>
      <Section title="Links Padrão" id="settings-default-links">
        <DefaultLinksInputs disabled={disabled} />
      </Section>
      {canSave ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 4 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<SaveIcon />}
            loading={saving}
            sx={{ minHeight: TOUCH, minWidth: 160 }}
          >
            SALVAR
          </Button>
        </Stack>
      ) : null}
    </Form>
  );
}

/**
 * /settings (restaurant spec 2, "Settings and links"): the store's settings for its team, saved
 * with PATCH /api/stores/id/{id}. The API applies the save rules of spec 5 (links, site, default
 * links) and the rules of the hours; the screen then shows the store as saved. The platform's
 * status and fees are not the store's to change, and are not shown.
 */
export function SettingsPage() {
  const own = useOwnStore();
  const { save, saving } = useStoreSave({ saved: SETTINGS_SAVED, failed: SETTINGS_FAILED });
  const { canAccess: canSave = false } = useCanAccess({ resource: restaurants.name, action: 'edit' });
  return (
    <Box sx={{ pb: 4, maxWidth: 1100 }}>
      <ScreenHeader
        title="Configurações"
        actions={
          <Button
            component={Link}
            to={settingsPaths.teams}
            variant="outlined"
            startIcon={<GroupsIcon />}
            sx={{ minHeight: TOUCH }}
          >
            VER EQUIPE
          </Button>
        }
      />
      {own.state === 'ready' ? (
        <>
          {canSave ? null : <ReadOnlyNotice />}
          {/* A saved store starts the form anew from what the API kept. */}
          <SettingsForm
            key={String(own.store.updated_at)}
            store={own.store}
            canSave={canSave}
            save={save}
            saving={saving}
          />
        </>
      ) : (
        <StoreState own={own} />
      )}
    </Box>
  );
}
