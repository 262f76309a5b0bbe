import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BackLink } from '../../../components/BackLink';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import SyncIcon from '@mui/icons-material/Sync';
import { Confirm, Title, useGetList, useNotify } from 'react-admin';
import { failureText } from '../../../dataProvider/httpClient';
import { useApi } from '../../../dataProvider/useApi';
import { listPath } from '../../../../contract/define';
import { integrationsApi } from '../../integrations/api';
import { INTEGRATIONS_PATH } from '../../integrations/paths';
import {
  IMPORT_MESSAGES,
  INTEGRATION_MESSAGES,
  integrations,
  type ImportResult,
  type Integration,
  type OpdvCategory,
  type OpdvItem,
  type SyncChange,
} from '../../../../contract/resources/integrations/definition';
import type { MenuCategory } from '../menuTypes';
import { menuPaths } from '../paths';
import { addResult, importWholeMenu, noImports, type ImportProgress, type ImportTotals } from './catalog';
import { CatalogTree } from './CatalogTree';
import { ImportSummary } from './ImportSummary';
import { LinkDialog, type LinkableProduct } from './LinkDialog';
import { SyncDialog } from './SyncDialog';

const TOUCH = { minHeight: 44 } as const;

type Failure = Error & { status?: number };

/** The catalogue's failures in the spec's words (restaurant spec 8): 429 and 400 by their status. */
export function catalogFailure(error: Failure): string {
  if (error.status === 429) return INTEGRATION_MESSAGES.rateLimited;
  if (error.status === 400) return INTEGRATION_MESSAGES.noIntegration;
  return error.message;
}

const failed = (result: Omit<ImportResult, 'category_id'>) => result.failed.length > 0;

/**
 * Importar produtos (/products/imports, restaurant spec 2 "Point-of-sale import", 4, 8): nothing
 * is asked of the OPDV until 'Iniciar Importação?' is accepted. Then its menu as a tree, with a
 * category imported whole, items chosen into an existing category, an item linked to an existing
 * product, the whole menu one top-level category at a time with a progress bar and a summary, and
 * Sincronizar, which shows what changed in the OPDV before applying it.
 */
export function ImportScreen() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = useMemo(() => integrationsApi(null), []);
  const [asking, setAsking] = useState(true);
  const [started, setStarted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<number | ''>('');
  const [targetMissing, setTargetMissing] = useState(false);
  const [linking, setLinking] = useState<OpdvItem | null>(null);
  const [changes, setChanges] = useState<SyncChange[] | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [summary, setSummary] = useState<{ title: string; totals: ImportTotals } | null>(null);

  const active = useApi<Integration[]>(started ? listPath(integrations) : null, undefined, {
    refetchOnWindowFocus: false,
  });
  const opdv = active.data?.find(
    (integration) => integration.integration_type === 'OPDV' && integration.active,
  );
  const catalogKey = ['opdv-catalog', opdv?.id];
  const catalog = useQuery<OpdvCategory[], Failure>({
    queryKey: catalogKey,
    queryFn: () => api.catalog(opdv!.id),
    enabled: started && opdv !== undefined,
    // Every read is a call to the point of sale, which limits them: only when asked.
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    // Kept while the screen is open, never after: each 'Iniciar Importação?' reads the OPDV afresh.
    gcTime: 0,
  });
  // The store's menu: the categories products are imported into, and the products to link to.
  const menu = useGetList<MenuCategory>(
    'categories',
    {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'list_order', order: 'ASC' },
      filter: { include: 'products' },
    },
    { enabled: started },
  );
  const linkable: LinkableProduct[] = useMemo(
    () =>
      (menu.data ?? []).flatMap((category) =>
        category.products
          .filter((product) => !product.integration_code)
          .map((product) => ({ id: product.id, name: product.name, category: category.name })),
      ),
    [menu.data],
  );

  /** After an import or a link, the tree's Importado chips and the menu are read again. */
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKey }),
      queryClient.invalidateQueries({ queryKey: ['categories'] }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
  };

  /** Runs one action at a time; nothing else starts meanwhile. */
  const run = async (action: (integrationId: number) => Promise<void>) => {
    if (!opdv || busy) return;
    setBusy(true);
    try {
      await action(opdv.id);
    } finally {
      setBusy(false);
    }
  };

  const importCategory = (category: OpdvCategory) =>
    run(async (id) => {
      try {
        const result = await api.importCategory(id, category.code);
        setSummary({ title: `Categoria ${category.name}`, totals: addResult(noImports, result) });
        notify(failed(result) ? IMPORT_MESSAGES.categoryImportFailed : IMPORT_MESSAGES.categoryImported, {
          type: failed(result) ? 'warning' : 'success',
        });
      } catch (error) {
        // The server's reason when it gives one ('Erro ao criar categoria: …', the rate limit).
        notify(failureText(error, IMPORT_MESSAGES.categoryImportFailed), { type: 'error' });
      }
      await refresh();
    });

  const importSelected = () => {
    if (target === '') {
      setTargetMissing(true);
      return;
    }
    return run(async (id) => {
      try {
        const result = await api.importProducts(id, target, [...selected]);
        setSummary({ title: 'Produtos selecionados', totals: addResult(noImports, result) });
        if (failed(result)) notify(IMPORT_MESSAGES.productsFailed, { type: 'warning' });
        else if (result.created === 0) notify(IMPORT_MESSAGES.alreadyImported, { type: 'info' });
        else notify(IMPORT_MESSAGES.productImported, { type: 'success' });
        setSelected(new Set());
      } catch {
        notify(IMPORT_MESSAGES.productsFailed, { type: 'error' });
      }
      await refresh();
    });
  };

  const importAll = (categories: OpdvCategory[]) =>
    run(async (id) => {
      setSummary(null);
      const totals = await importWholeMenu(categories, (code) => api.importCategory(id, code), setProgress);
      setSummary({ title: 'Cardápio do OPDV', totals });
      notify(totals.failed.length > 0 ? IMPORT_MESSAGES.importFailed : IMPORT_MESSAGES.menuImported, {
        type: totals.failed.length > 0 ? 'warning' : 'success',
      });
      await refresh();
      setProgress(null);
    });

  const link = (item: OpdvItem, product: LinkableProduct) =>
    run(async (id) => {
      try {
        await api.link(id, item.code, product.id);
        setLinking(null);
        notify(IMPORT_MESSAGES.linked, { type: 'success' });
      } catch (error) {
        // The server's refusal of a code another product carries is the spec's 'Produto já importado'.
        notify((error as Failure).status === 409 ? (error as Failure).message : IMPORT_MESSAGES.linkFailed, {
          type: 'error',
        });
      }
      await refresh();
    });

  const previewSync = () =>
    run(async (id) => {
      try {
        setChanges(await api.syncPreview(id));
      } catch (error) {
        notify(catalogFailure(error as Failure), { type: 'error' });
      }
    });

  const applySync = (productIds: number[]) =>
    run(async (id) => {
      try {
        await api.sync(id, productIds);
        setChanges(null);
        notify(IMPORT_MESSAGES.synced, { type: 'success' });
      } catch (error) {
        notify(catalogFailure(error as Failure), { type: 'error' });
      }
      await refresh();
    });

  const toggle = (item: OpdvItem) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(item.code)) next.add(item.code);
      return next;
    });

  const header = (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 2, my: 2, flexWrap: 'wrap' }}>
      <BackLink to={menuPaths.categories} sx={TOUCH}>
        Voltar
      </BackLink>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, flex: '1 1 auto' }}>
        Importar produtos
      </Typography>
    </Stack>
  );

  const confirm = (
    <Confirm
      isOpen={asking}
      title={IMPORT_MESSAGES.confirm}
      content="O cardápio do seu PDV (OPDV) será lido para você escolher o que importar."
      confirm="Iniciar"
      cancel="Cancelar"
      onConfirm={() => {
        setAsking(false);
        setStarted(true);
      }}
      onClose={() => setAsking(false)}
    />
  );

  if (!started) {
    return (
      <Box sx={{ pb: 4 }}>
        <Title title="Importar produtos" />
        {header}
        <Card sx={{ maxWidth: 720 }}>
          <CardContent>
            <Typography sx={{ mb: 2 }}>
              Traga as categorias e os produtos do seu PDV (OPDV) para o cardápio: uma categoria inteira,
              produtos escolhidos, ou um produto do PDV vinculado a um produto que já existe.
            </Typography>
            <Button
              variant="contained"
              startIcon={<CloudDownloadIcon />}
              onClick={() => setAsking(true)}
              sx={TOUCH}
            >
              Iniciar importação
            </Button>
          </CardContent>
        </Card>
        {confirm}
      </Box>
    );
  }

  const categories = catalog.data ?? [];
  const reading = active.isPending || (opdv !== undefined && catalog.isPending);
  return (
    <Box sx={{ pb: selected.size > 0 ? 12 : 4 }}>
      <Title title="Importar produtos" />
      {header}
      {reading ? (
        <Stack sx={{ gap: 2 }} aria-busy>
          <Typography color="text.secondary">Lendo o cardápio do OPDV…</Typography>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : active.isError ? (
        <Alert severity="error">{active.error.message}</Alert>
      ) : opdv === undefined ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" component={RouterLink} to={INTEGRATIONS_PATH} sx={TOUCH}>
              Integrações
            </Button>
          }
        >
          {INTEGRATION_MESSAGES.noIntegration}
        </Alert>
      ) : catalog.isError ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={() => void catalog.refetch()} sx={TOUCH}>
              Tentar novamente
            </Button>
          }
        >
          {catalogFailure(catalog.error)}
        </Alert>
      ) : (
        <>
          <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<FileDownloadIcon />}
              onClick={() => void importAll(categories)}
              disabled={busy || categories.length === 0}
              sx={TOUCH}
            >
              Importar tudo
            </Button>
            <Button
              variant="outlined"
              startIcon={<SyncIcon />}
              onClick={() => void previewSync()}
              disabled={busy}
              sx={TOUCH}
            >
              Sincronizar
            </Button>
          </Stack>
          {progress ? (
            <Box sx={{ mb: 2 }}>
              <Typography id="import-progress" variant="body2" sx={{ mb: 0.5 }}>
                {progress.current
                  ? `Importando ${progress.current} (${progress.done + 1} de ${progress.total})`
                  : `${progress.total} de ${progress.total} categorias importadas`}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100}
                aria-labelledby="import-progress"
                sx={{ height: 10, borderRadius: 5 }}
              />
            </Box>
          ) : null}
          {summary ? (
            <ImportSummary title={`Resumo da importação: ${summary.title}`} totals={summary.totals} />
          ) : null}
          {categories.length === 0 ? (
            <Alert severity="info">O cardápio do OPDV está vazio.</Alert>
          ) : (
            <CatalogTree
              categories={categories}
              actions={{
                busy,
                selected,
                onToggle: toggle,
                onImportCategory: (category) => void importCategory(category),
                onLink: setLinking,
              }}
            />
          )}
        </>
      )}
      {selected.size > 0 ? (
        <Paper
          elevation={8}
          role="region"
          aria-label="Produtos escolhidos"
          sx={{
            position: 'sticky',
            bottom: 0,
            mt: 2,
            p: 1.5,
            display: 'flex',
            gap: 1.5,
            alignItems: 'center',
            flexWrap: 'wrap',
            zIndex: 2,
          }}
        >
          <Typography sx={{ fontWeight: 700 }}>
            {selected.size === 1 ? '1 produto escolhido' : `${selected.size} produtos escolhidos`}
          </Typography>
          <TextField
            select
            label="Categoria de destino"
            value={target}
            onChange={(event) => {
              setTarget(Number(event.target.value));
              setTargetMissing(false);
            }}
            error={targetMissing}
            helperText={targetMissing ? 'Escolha a categoria de destino.' : undefined}
            size="small"
            sx={{ minWidth: 240, flex: '1 1 240px', '& .MuiInputBase-root': TOUCH }}
          >
            {(menu.data ?? []).map((category) => (
              <MenuItem key={category.id} value={category.id} sx={{ minHeight: 44 }}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<PlaylistAddCheckIcon />}
            onClick={() => void importSelected()}
            disabled={busy}
            sx={TOUCH}
          >
            Importar selecionados
          </Button>
          <Button onClick={() => setSelected(new Set())} disabled={busy} sx={TOUCH}>
            Limpar
          </Button>
        </Paper>
      ) : null}
      {linking ? (
        <LinkDialog
          item={linking}
          products={linkable}
          saving={busy}
          onClose={() => setLinking(null)}
          onLink={(product) => void link(linking, product)}
        />
      ) : null}
      {changes ? (
        <SyncDialog
          changes={changes}
          saving={busy}
          onClose={() => setChanges(null)}
          onApply={(ids) => void applySync(ids)}
        />
      ) : null}
      {confirm}
    </Box>
  );
}
