import type { ReactNode } from 'react';
import { Box, Grid, Stack } from '@mui/material';
import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { RowsInput } from '../../engine/RowsInput';
import type { DefaultLinkKey } from './formValues';
import { LINK_ICONS } from '../../../contract/resources/settings/schema';

const NEW_LINK = { title: '', url: '', active: true, icon: 'link' };

/**
 * Links Adicionais (restaurant spec 3: title, url, active, icon), added and removed. A link left
 * without a title or an address is dropped by the API when saved, and the screen then shows what
 * was kept.
 */
export function ExtraLinksInput() {
  return (
    <RowsInput
      source="info.links"
      name={(index) => `Link adicional ${index + 1}`}
      empty="Nenhum link adicional."
      add={{ label: 'ADICIONAR LINK', row: NEW_LINK }}
    >
      {(source, removal) => (
        <Grid container columnSpacing={2} sx={{ alignItems: 'flex-start' }}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextInput source={`${source}.title`} label="Título" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextInput source={`${source}.url`} label="URL" fullWidth />
          </Grid>
          {/* A quarter of the row: react-admin's select keeps a width of its own, and in less it ran under the switch. */}
          <Grid size={{ xs: 7, sm: 6, md: 3 }}>
            <SelectInput
              source={`${source}.icon`}
              label="Ícone"
              choices={[...LINK_ICONS]}
              emptyText="Nenhum"
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 5, sm: 6, md: 3 }}>
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 64, pl: { md: 1 } }}
            >
              <BooleanInput source={`${source}.active`} label="Ativo" helperText={false} />
              {removal}
            </Stack>
          </Grid>
        </Grid>
      )}
    </RowsInput>
  );
}

/** The two default links of a store (spec 3), in their order. */
export const DEFAULT_LINKS = [
  { key: 'menu', name: 'Cardápio' },
  { key: 'reservations', name: 'Reservas' },
] as const satisfies readonly { key: DefaultLinkKey; name: string }[];

/**
 * Links Padrão: the menu and reservations links, each with its title, address and state; blank
 * ones fall back to their defaults when saved. `aside` adds what a screen shows beside a link
 * (the links screen: its QR code and copy button).
 */
export function DefaultLinksInputs({ aside }: { aside?: (key: DefaultLinkKey, name: string) => ReactNode }) {
  return (
    <Stack sx={{ gap: 2 }}>
      {DEFAULT_LINKS.map(({ key, name }) => {
        const source = `info.default_links.${key}`;
        return (
          <Box
            key={key}
            component="fieldset"
            aria-label={`Link padrão ${name}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, p: 2, pb: 0 }}
          >
            <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
              <Grid
                container
                columnSpacing={2}
                sx={{ flex: 1, alignItems: 'flex-start', alignContent: 'flex-start' }}
              >
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextInput source={`${source}.title`} label="Título" placeholder={name} fullWidth />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <BooleanInput
                    source={`${source}.active`}
                    label="Ativo"
                    helperText={false}
                    sx={{ minHeight: 64, justifyContent: 'center' }}
                  />
                </Grid>
                <Grid size={12}>
                  <TextInput
                    source={`${source}.url`}
                    label="URL"
                    helperText="Em branco, volta ao endereço do restaurante no aplicativo."
                    fullWidth
                  />
                </Grid>
              </Grid>
              {aside ? aside(key, name) : null}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
