import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PushPinIcon from '@mui/icons-material/PushPin';
import SaveIcon from '@mui/icons-material/Save';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import { ExportFileButton } from '../../components/ExportButton';
import { PictureAvatar } from '../../components/PictureAvatar';
import { DragHandle, movedIds, useDragSensors, useSortableItem } from '../../components/sortable';
import type { PainelDataProvider } from '../../dataProvider';
import { formatDate } from '../../../contract/lib/format';
import {
  ChooseStoreNotice,
  ChosenStorePicker,
  useChosenStore,
  type ChosenStore,
} from '../../components/chosenStore';
import {
  WALL_ACTIVE,
  WALL_INACTIVE,
  WALL_ORDER_SAVED,
  WALL_PINNED,
  wall,
  type WallPost,
} from '../../../contract/resources/wall/definition';
import { postPath, wallPaths } from './paths';

export const CREATE_POST_LABEL = 'CRIAR PUBLICAÇÃO';
export const SAVE_ORDER_LABEL = 'SALVAR ORDEM';
export const PINNED_FIRST = 'As publicações fixadas ficam sempre antes das outras.';

/** A store's whole wall in one page (the API's largest), so that an order covers every post. */
const WHOLE_WALL = 1000;

/** A fingertip's size, for the grips and the buttons of a tablet. */
const TOUCH = 44;

/** Pinned posts before the others, as the app shows them (and as the server reads any order). */
const pinnedFirst = (posts: WallPost[]) =>
  posts.every((post, i) => i === 0 || !post.pinned || posts[i - 1]!.pinned);

const views = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'visualização' : 'visualizações'}`;

/** Enter or Space on a focused row opens the post (not on its grip, which drags). */
function openWithKeyboard(open: () => void) {
  return (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    open();
  };
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** Hidden on screen, read by screen readers (the grips' column). */
const visuallyHidden = {
  position: 'absolute',
  // Pixels: in sx a width of 1 would read 100 %.
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function PostRow({
  post,
  draggable,
  narrow,
  onOpen,
}: {
  post: WallPost;
  draggable: boolean;
  narrow: boolean;
  onOpen: () => void;
}) {
  const { setNodeRef, style, handle } = useSortableItem(post.id, !draggable);
  return (
    <TableRow
      ref={setNodeRef}
      style={style}
      hover
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={openWithKeyboard(onOpen)}
      sx={{ cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      <TableCell
        padding="checkbox"
        onClick={stop}
        sx={{ '& .MuiIconButton-root': { width: TOUCH, height: TOUCH } }}
      >
        <DragHandle label={`Arrastar ${post.title}`} handle={handle} disabled={!draggable} />
      </TableCell>
      <TableCell sx={{ width: 64, pr: 0 }}>
        <PictureAvatar src={post.image} name={post.title} size={48} sx={{ borderRadius: 1 }} />
      </TableCell>
      <TableCell sx={{ maxWidth: 0, width: '100%' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {post.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {post.body}
        </Typography>
        {narrow ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {formatDate(post.created_at)} · {views(post.n_views)}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <Stack direction={narrow ? 'column' : 'row'} sx={{ gap: 0.5, alignItems: 'flex-start' }}>
          {post.pinned ? (
            <Chip
              icon={<PushPinIcon />}
              label={WALL_PINNED}
              size="small"
              color="primary"
              variant="outlined"
            />
          ) : null}
          <Chip
            label={post.active ? WALL_ACTIVE : WALL_INACTIVE}
            size="small"
            color={post.active ? 'success' : 'default'}
            variant="outlined"
          />
        </Stack>
      </TableCell>
      {narrow ? null : (
        <>
          <TableCell align="right">{post.n_views.toLocaleString('pt-BR')}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(post.created_at)}</TableCell>
        </>
      )}
    </TableRow>
  );
}

function CreatePostButton() {
  return (
    <Button
      component={Link}
      to={wallPaths.create}
      variant="contained"
      startIcon={<AddIcon />}
      sx={{ minHeight: TOUCH }}
    >
      {CREATE_POST_LABEL}
    </Button>
  );
}

/** A wall with no post yet: what the wall is for, and the button for the first one. */
function NoPosts() {
  return (
    <Stack
      sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480, gap: 2 }}
    >
      <DashboardIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6" component="p">
        Nenhuma publicação no mural
      </Typography>
      <Typography variant="body2" color="text.secondary">
        As publicações do mural aparecem para os clientes na página do restaurante no app: novidades, eventos
        e avisos. As fixadas ficam no topo.
      </Typography>
      <CreatePostButton />
    </Stack>
  );
}

/** One store's posts, in the app's order; dragging a grip changes the order until it is saved. */
function WallPosts({ store }: { store: ChosenStore }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  const sensors = useDragSensors();
  const filter = store.storeId === null ? {} : { store_id: store.storeId };
  const { data, total, isPending, refetch } = useGetList<WallPost>(
    wall.name,
    { pagination: { page: 1, perPage: WHOLE_WALL }, sort: wall.list.sort, filter },
    { enabled: !store.waiting },
  );
  // The order being made, until it is saved or dropped.
  const [order, setOrder] = useState<WallPost[] | null>(null);
  const [saving, setSaving] = useState(false);
  const rows = order ?? data ?? [];
  // An order is saved whole: with part of the wall missing, it would misplace the rest.
  const whole = total === undefined || rows.length >= total;

  const onDragEnd = (event: DragEndEvent) => {
    const ids = movedIds(
      rows.map((post) => post.id),
      event,
    );
    if (!ids) return;
    const byId = new Map(rows.map((post) => [post.id, post]));
    const moved = ids.map((id) => byId.get(id)!);
    if (!pinnedFirst(moved)) {
      notify(PINNED_FIRST, { type: 'info' });
      return;
    }
    setOrder(moved);
  };

  const saveOrder = async () => {
    if (!order) return;
    setSaving(true);
    try {
      await dataProvider.reorder(wall.name, { ids: order.map((post) => post.id) });
      notify(WALL_ORDER_SAVED, { type: 'success' });
      await refetch();
      setOrder(null);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Stack direction="row" sx={{ mb: 2, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ChosenStorePicker store={store} />
        <Box sx={{ flex: 1 }} />
        {order ? (
          <>
            <Button onClick={() => setOrder(null)} disabled={saving} sx={{ minHeight: TOUCH }}>
              Descartar
            </Button>
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              onClick={saveOrder}
              disabled={saving}
              sx={{ minHeight: TOUCH }}
            >
              {SAVE_ORDER_LABEL}
            </Button>
          </>
        ) : store.waiting ? null : (
          <>
            <ExportFileButton resource={wall.name} sort={wall.list.sort} filter={filter} disabled={!total} />
            <CreatePostButton />
          </>
        )}
      </Stack>
      <ChooseStoreNotice store={store} message="Escolha o restaurante para ver o mural." />
      {whole ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          O mural tem mais publicações do que cabem nesta lista: a ordem não pode ser alterada aqui.
        </Alert>
      )}
      {store.waiting ? null : !isPending && rows.length === 0 ? (
        <Card>
          <NoPosts />
        </Card>
      ) : (
        <Card>
          {isPending ? <LinearProgress aria-label="Carregando" /> : null}
          <Box sx={{ overflowX: 'auto' }}>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <Table aria-label="Publicações do mural">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Box component="span" sx={visuallyHidden}>
                        Ordem
                      </Box>
                    </TableCell>
                    <TableCell>Imagem</TableCell>
                    <TableCell>{wall.fields.title!.label}</TableCell>
                    <TableCell>Situação</TableCell>
                    {narrow ? null : (
                      <>
                        <TableCell align="right">{wall.fields.n_views!.label}</TableCell>
                        <TableCell>{wall.fields.created_at!.label}</TableCell>
                      </>
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  <SortableContext items={rows.map((post) => post.id)} strategy={verticalListSortingStrategy}>
                    {rows.map((post) => (
                      <PostRow
                        key={post.id}
                        post={post}
                        draggable={whole && !saving}
                        narrow={narrow}
                        onOpen={() => navigate(postPath(post.id))}
                      />
                    ))}
                  </SortableContext>
                </TableBody>
              </Table>
            </DndContext>
          </Box>
        </Card>
      )}
    </>
  );
}

/**
 * Mural (restaurant spec 2 "Wall (mural)"): the store's posts in the app's order (pinned first),
 * reordered by dragging a grip (or from the keyboard: Space, arrows, Space) and saved with
 * SALVAR ORDEM, which shows only once the order changed; a row opens its post. An administrator
 * first chooses the restaurant.
 */
export function WallList() {
  const store = useChosenStore();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={wall.label.many} />
      {store.loading ? (
        <LinearProgress aria-label="Carregando" />
      ) : (
        // Another restaurant chosen starts from its own order.
        <WallPosts key={store.storeId ?? 'own'} store={store} />
      )}
    </Box>
  );
}
