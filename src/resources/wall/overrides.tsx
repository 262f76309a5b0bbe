import { Link } from 'react-router-dom';
import { Box, Button, Card, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PushPinIcon from '@mui/icons-material/PushPin';
import { BooleanInput, useRecordContext, type RaRecord } from 'react-admin';
import { ImagePicker } from '../../components/ImagePicker';
import { PictureAvatar } from '../../components/PictureAvatar';
import { GeneratedCreate, GeneratedEdit } from '../../engine/GeneratedForm';
import { GeneratedList } from '../../engine/GeneratedList';
import { defineScreens } from '../../engine/overrides';
import { formatDate } from '../../../contract/lib/format';
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
export const PINNED_FIRST = 'As publicações fixadas ficam sempre antes das outras.';

/** Pinned posts before the others, as the app shows them (and as the server reads any order). */
const pinnedFirst = (posts: RaRecord[]) =>
  posts.every((post, i) => i === 0 || !post.pinned || posts[i - 1]!.pinned);

const views = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'visualização' : 'visualizações'}`;

const useNarrow = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));

function PostImage() {
  const post = useRecordContext<WallPost>();
  if (!post) return null;
  return <PictureAvatar src={post.image} name={post.title} size={48} sx={{ borderRadius: 1 }} />;
}

/** The title and the start of the text; on a tablet, the date and the views too (no columns of their own). */
function PostText() {
  const post = useRecordContext<WallPost>();
  const narrow = useNarrow();
  if (!post) return null;
  return (
    <Box sx={{ maxWidth: { xs: 240, sm: 320, lg: 480 } }}>
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
    </Box>
  );
}

/** Situação: Fixada, and Ativa or Inativa. */
function PostState() {
  const post = useRecordContext<WallPost>();
  const narrow = useNarrow();
  if (!post) return null;
  return (
    <Stack direction={narrow ? 'column' : 'row'} sx={{ gap: 0.5, alignItems: 'flex-start' }}>
      {post.pinned ? (
        <Chip icon={<PushPinIcon />} label={WALL_PINNED} size="small" color="primary" variant="outlined" />
      ) : null}
      <Chip
        label={post.active ? WALL_ACTIVE : WALL_INACTIVE}
        size="small"
        color={post.active ? 'success' : 'default'}
        variant="outlined"
      />
    </Stack>
  );
}

/** A wall with no post yet: what the wall is for, and the button for the first one. */
function NoPosts() {
  return (
    <Card sx={{ mt: 2 }}>
      <Stack
        sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480, gap: 2 }}
      >
        <DashboardIcon sx={{ fontSize: 64, opacity: 0.5 }} />
        <Typography variant="h6" component="p">
          Nenhuma publicação no mural
        </Typography>
        <Typography variant="body2" color="text.secondary">
          As publicações do mural aparecem para os clientes na página do restaurante no app: novidades,
          eventos e avisos. As fixadas ficam no topo.
        </Typography>
        <Button
          component={Link}
          to={wallPaths.create}
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ minHeight: 44 }}
        >
          {CREATE_POST_LABEL}
        </Button>
      </Stack>
    </Card>
  );
}

/** The engine's forms, titled for the wall (whose list is its own screen, not the engine's). */
const formDefinition = {
  ...wall,
  screens: { titles: { create: 'Nova publicação', edit: 'Editar publicação' } },
};

const { fields } = wall;

/** The wall's list, and the post's form. */
export const wallScreens = defineScreens({
  /**
   * Mural (restaurant spec 2 "Wall (mural)"): the store's posts in the app's order, pinned first,
   * reordered by their grips and saved with SALVAR ORDEM; a row opens its post. An administrator
   * first chooses the restaurant.
   */
  list: {
    store: { notice: 'Escolha o restaurante para ver o mural.' },
    create: { label: CREATE_POST_LABEL, path: wallPaths.create },
    rowClick: (id) => postPath(id),
    cells: { image: <PostImage />, title: <PostText />, active: <PostState /> },
    headers: { active: 'Situação' },
    wide: ['n_views', 'created_at'],
    empty: <NoPosts />,
    sortable: {
      name: (post) => String(post.title),
      saved: WALL_ORDER_SAVED,
      refuse: (posts) => (pinnedFirst(posts) ? undefined : PINNED_FIRST),
      partial: 'O mural tem mais publicações do que cabem nesta lista: a ordem não pode ser alterada aqui.',
    },
  },
  /**
   * The post's form: title, body, the picture (JPEG, spec 5; stored as soon as it is picked, and
   * removed by the server with the post), and the two switches with what each does in the app.
   */
  form: {
    // The picture heads the list; the form asks for it after the words.
    sections: [{ fields: ['title', 'body', 'image', 'active', 'pinned'] }],
    inputs: {
      image: (
        <Box sx={{ mb: 2 }}>
          <ImagePicker source="image" label={fields.image!.label} accept="jpeg" hint="JPEG (.jpg ou .jpeg)" />
        </Box>
      ),
      active: (
        <BooleanInput
          source="active"
          label={fields.active!.label}
          helperText="Aparece no app do restaurante"
        />
      ),
      pinned: (
        <BooleanInput
          source="pinned"
          label={fields.pinned!.label}
          helperText="Fica no topo do mural, antes das outras"
        />
      ),
    },
    defaultValues: { active: true, pinned: false },
    // An administrator writes into the restaurant chosen (the board's choice, kept per device).
    create: { store: { notice: 'Escolha o restaurante em que a publicação vai aparecer.' } },
    deleteConfirm: (record) => ({
      title: `Remover a publicação ${String(record.title)}?`,
      content: 'A imagem da publicação também será removida. Esta ação não pode ser desfeita.',
    }),
  },
});

/** /mural: the engine's sortable list, with the wall's paths. */
export function WallList() {
  return <GeneratedList definition={wall} overrides={wallScreens} />;
}

/** /mural/new: staff write into their own store, an administrator into the restaurant chosen. */
export function WallCreate() {
  return <GeneratedCreate definition={formDefinition} overrides={wallScreens} />;
}

/** /mural/details/:id: the post's form, Remover and Salvar (an administrator's too: by its id). */
export function WallEdit() {
  return <GeneratedEdit definition={formDefinition} overrides={wallScreens} />;
}
