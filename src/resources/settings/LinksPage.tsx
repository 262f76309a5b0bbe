import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import SaveIcon from '@mui/icons-material/Save';
import { Form, useCanAccess, useNotify } from 'react-admin';
import { saveFile } from '../../dataProvider/saveFile';
import { zodValidate } from '../../lib/zodForm';
import { restaurants, type Store } from '../../../contract/resources/restaurants/definition';
import { qrPng, qrSvg } from '../floor/qr';
import { copyText } from './clipboard';
import { linksPayload, linksValues, type DefaultLinksValues, type SettingsValues } from './formValues';
import { DefaultLinksInputs, ExtraLinksInput } from './LinksInputs';
import { settingsPaths } from './paths';
import { settingsUpdateInput, type SettingsUpdate } from '../../../contract/resources/settings/schema';
import { ReadOnlyNotice, ScreenHeader, Section, StoreState } from './Screen';
import { TOUCH } from './touch';
import { useOwnStore } from './useOwnStore';
import { useStoreSave } from './useStoreSave';

/** The links screen's messages (restaurant spec 8). */
export const LINKS_MESSAGES = {
  saved: 'Links atualizados com sucesso!',
  loadFailed: 'Erro ao buscar links',
  saveFailed: 'Erro ao salvar links',
  notLoaded: 'Dados da loja não carregados',
  copied: 'Link copiado!',
  notCopied: 'Não foi possível copiar o link. Selecione o endereço e copie-o.',
} as const;

const LOAD_MESSAGES = { failed: LINKS_MESSAGES.loadFailed };
const SAVE_MESSAGES = { saved: LINKS_MESSAGES.saved, failed: LINKS_MESSAGES.saveFailed };

type LinksValues = Pick<SettingsValues['info'], 'links' | 'default_links'>;

/** The files a default link's code downloads as. */
const QR_FILES: Record<keyof DefaultLinksValues, string> = {
  menu: 'qrcode-cardapio.png',
  reservations: 'qrcode-reservas.png',
};

/** A saved default link to print and share: its QR code (the tables' code, ../tables/qr.ts), copy and download. */
function LinkShare({
  link,
  name,
  file,
}: {
  link: { url: string; active: boolean };
  name: string;
  file: string;
}) {
  const notify = useNotify();
  const { data: image, isError } = useQuery({
    queryKey: ['linkQr', link.url],
    queryFn: async () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await qrSvg(link.url))}`,
    staleTime: Infinity,
  });
  const copy = async () => {
    try {
      await copyText(link.url);
      notify(LINKS_MESSAGES.copied, { type: 'success' });
    } catch {
      notify(LINKS_MESSAGES.notCopied, { type: 'error' });
    }
  };
  const download = async () => saveFile(new Blob([await qrPng(link.url)], { type: 'image/png' }), file);
  return (
    <Stack sx={{ alignItems: 'center', gap: 1, width: { xs: '100%', md: 220 }, pb: 2 }}>
      <Box
        sx={{
          width: 168,
          height: 168,
          bgcolor: '#fff',
          borderRadius: 1,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {image ? (
          <Box
            component="img"
            src={image}
            alt={`QR code do link ${name}`}
            sx={{ display: 'block', width: '100%', height: '100%' }}
          />
        ) : isError ? (
          <Typography variant="body2" sx={{ color: '#000', p: 1, textAlign: 'center' }}>
            QR code indisponível
          </Typography>
        ) : (
          <CircularProgress size={28} aria-label={`Gerando o QR code do link ${name}`} />
        )}
      </Box>
      <MuiLink
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        sx={{ wordBreak: 'break-all', textAlign: 'center' }}
      >
        {link.url}
      </MuiLink>
      {link.active ? null : (
        <Typography variant="caption" color="text.secondary">
          Inativo: não aparece no aplicativo.
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          aria-label={`Copiar link ${name}`}
          sx={{ minHeight: TOUCH }}
        >
          COPIAR
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          aria-label={`Baixar QR code do link ${name}`}
          sx={{ minHeight: TOUCH }}
        >
          QR CODE
        </Button>
      </Stack>
    </Stack>
  );
}

function LinksForm({
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
  const values = useMemo(() => ({ id: store.id, info: linksValues(store) }), [store]);
  const validate = useMemo(
    () =>
      zodValidate(settingsUpdateInput, (form) => ({
        info: linksPayload((form as { info: LinksValues }).info),
      })),
    [],
  );
  const submit = (form: Record<string, unknown>) =>
    save(store, { info: linksPayload((form as { info: LinksValues }).info) });
  const saved = store.info.default_links;
  return (
    <Form record={values} onSubmit={submit} validate={validate} noValidate>
      {/* The spec's order: the additional links, then the default ones. */}
      <Section title="Links Adicionais" id="links-extra">
        <ExtraLinksInput disabled={disabled} />
      </Section>
      <Section title="Links Padrão" id="links-default">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Os links que o restaurante imprime e compartilha: o cardápio e as reservas no aplicativo.
        </Typography>
        <DefaultLinksInputs
          disabled={disabled}
          aside={(key, name) => <LinkShare link={saved[key]} name={name} file={QR_FILES[key]} />}
        />
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
 * /links (restaurant spec 2, "Settings and links"): the store's access links — the default menu
 * and reservations links with the QR code and copy button of each, and the additional links —
 * saved with PATCH /api/stores/id/{id} (the API's save rules of spec 5 apply; the screen then
 * shows the links as kept).
 */
export function LinksPage() {
  const own = useOwnStore(LOAD_MESSAGES);
  const { save, saving } = useStoreSave(SAVE_MESSAGES);
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const { canAccess: canSave = false } = useCanAccess({ resource: restaurants.name, action: 'edit' });
  // Back where the user came from; opened directly (the side menu's first page), to the settings.
  const back = () => (location.key === 'default' ? navigate(settingsPaths.settings) : navigate(-1));
  return (
    <Box sx={{ pb: 4, maxWidth: 1100 }}>
      <ScreenHeader
        title="Links de acesso"
        actions={
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={back} sx={{ minHeight: TOUCH }}>
            VOLTAR
          </Button>
        }
      />
      {own.state === 'ready' ? (
        <>
          {canSave ? null : <ReadOnlyNotice />}
          <LinksForm
            key={String(own.store.updated_at)}
            store={own.store}
            canSave={canSave}
            save={save}
            saving={saving}
          />
        </>
      ) : (
        <>
          <StoreState own={own} messages={LOAD_MESSAGES} />
          {own.state === 'failed' && canSave ? (
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
              <Button
                variant="contained"
                size="large"
                startIcon={<SaveIcon />}
                // Spec 5: without a store there is nothing to save; without its data, it is said so.
                onClick={() =>
                  own.storeId === null ? undefined : notify(LINKS_MESSAGES.notLoaded, { type: 'error' })
                }
                sx={{ minHeight: TOUCH, minWidth: 160 }}
              >
                SALVAR
              </Button>
            </Stack>
          ) : null}
        </>
      )}
    </Box>
  );
}
