import { useContext } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import SaveIcon from '@mui/icons-material/Save';
import { EditContext, TopToolbar, useNotify, useRecordContext } from 'react-admin';
import { QrImage } from '../floor/QrImage';
import { saveFile } from '../../dataProvider/saveFile';
import { GeneratedSingle } from '../../engine/GeneratedForm';
import type { Store } from '../../../contract/resources/restaurants/definition';
import { qrPng } from '../floor/qr';
import { copyText } from './clipboard';
import { linksPayload, type DefaultLinkKey } from './formValues';
import { DefaultLinksInputs, ExtraLinksInput } from './LinksInputs';
import { settingsPaths } from './paths';
import { ownStoreScreen } from './ownStore';
import { settingsUpdateInput } from '../../../contract/resources/settings/schema';
import { TOUCH } from './touch';

/** The links screen's messages (restaurant spec 8). */
export const LINKS_MESSAGES = {
  saved: 'Links atualizados com sucesso!',
  loadFailed: 'Erro ao buscar links',
  saveFailed: 'Erro ao salvar links',
  notLoaded: 'Dados da loja não carregados',
  copied: 'Link copiado!',
  notCopied: 'Não foi possível copiar o link. Selecione o endereço e copie-o.',
} as const;

/** The files a default link's code downloads as. */
const QR_FILES = { menu: 'qrcode-cardapio.png', reservations: 'qrcode-reservas.png' };

/**
 * A default link as saved, to print and share: its QR code (the tables' code, ../floor/qr.ts),
 * its address, copy and download.
 */
function LinkShare({ linkKey, name }: { linkKey: DefaultLinkKey; name: string }) {
  const link = useRecordContext<Store>()!.info.default_links[linkKey];
  const notify = useNotify();
  const copy = async () => {
    try {
      await copyText(link.url);
      notify(LINKS_MESSAGES.copied, { type: 'success' });
    } catch {
      notify(LINKS_MESSAGES.notCopied, { type: 'error' });
    }
  };
  const download = async () =>
    saveFile(new Blob([await qrPng(link.url)], { type: 'image/png' }), QR_FILES[linkKey]);
  return (
    <Stack sx={{ alignItems: 'center', gap: 1, width: { xs: '100%', md: 220 }, pb: 2 }}>
      <QrImage
        text={link.url}
        alt={`QR code do link ${name}`}
        failed={
          <Typography variant="body2" sx={{ color: '#000', p: 1, textAlign: 'center' }}>
            QR code indisponível
          </Typography>
        }
        pending={<CircularProgress size={28} aria-label={`Gerando o QR code do link ${name}`} />}
        sx={{ width: 168, height: 168, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      />
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

/** Back where the user came from; opened directly (the side menu's first page), to the settings. */
function Back() {
  const navigate = useNavigate();
  const opened = useLocation().key === 'default';
  return (
    <TopToolbar sx={{ justifyContent: 'flex-end' }}>
      <Button
        variant="outlined"
        startIcon={<ArrowBackIcon />}
        onClick={() => (opened ? navigate(settingsPaths.settings) : navigate(-1))}
        sx={{ minHeight: TOUCH }}
      >
        VOLTAR
      </Button>
    </TopToolbar>
  );
}

/**
 * SALVAR where the store could not be read (spec 5): without its data it is said so; without a
 * store (no record was asked for), nothing is done.
 */
function NothingToSave() {
  const notify = useNotify();
  const asked = useContext(EditContext) !== null;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
      <Button
        variant="contained"
        size="large"
        startIcon={<SaveIcon />}
        onClick={() => (asked ? notify(LINKS_MESSAGES.notLoaded, { type: 'error' }) : undefined)}
        sx={{ minHeight: TOUCH, minWidth: 160 }}
      >
        SALVAR
      </Button>
    </Stack>
  );
}

/**
 * /links (restaurant spec 2, "Settings and links"): the store's access links — the additional
 * links, then the default menu and reservations links with the QR code and copy button of each —
 * saved with PATCH /api/stores/id/{id} (the API's save rules of spec 5 apply; the screen then
 * shows the links as kept).
 */
const screen = ownStoreScreen(
  {
    saved: LINKS_MESSAGES.saved,
    failed: LINKS_MESSAGES.loadFailed,
    unsaved: LINKS_MESSAGES.saveFailed,
    below: <NothingToSave />,
  },
  {
    title: 'Links de acesso',
    actions: <Back />,
    transform: (values) => ({ info: linksPayload((values as Store).info) }),
    schema: settingsUpdateInput,
    sections: [
      { title: 'Links Adicionais', fields: ['info.links'] },
      { title: 'Links Padrão', fields: ['info.default_links'] },
    ],
    inputs: {
      'info.links': <ExtraLinksInput />,
      'info.default_links': (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Os links que o restaurante imprime e compartilha: o cardápio e as reservas no aplicativo.
          </Typography>
          <DefaultLinksInputs aside={(key, name) => <LinkShare linkKey={key} name={name} />} />
        </>
      ),
    },
  },
);

export function LinksPage() {
  return <GeneratedSingle {...screen} />;
}
