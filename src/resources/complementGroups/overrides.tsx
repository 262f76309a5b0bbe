import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Confirm,
  Pagination,
  useDelete,
  useListContext,
  useNotify,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { GeneratedList } from '../../engine/GeneratedList';
import { defineScreens } from '../../engine/overrides';
import { menuPaths } from '../products/paths';
import {
  complementGroups as definition,
  type ComplementGroup,
} from '../../../contract/resources/complementGroups/definition';

/** Spec 8: the complements' load message. */
export const LOAD_FAILED = 'Não foi possível carregar os grupos de complementos.';
export const RETRY = 'Tente novamente';
export const CREATE_LABEL = 'Novo grupo';

/** "1–3": how many options the customer picks (spec 2: min–max). */
export const rangeLabel = (group: Pick<ComplementGroup, 'min_items' | 'max_items'>) =>
  `${group.min_items}–${group.max_items}`;

/** The rule in words, for the expanded row. */
function ruleText(group: ComplementGroup): string {
  const { min_items: min, max_items: max } = group;
  const options = (n: number) => (n === 1 ? '1 opção' : `${n} opções`);
  const choose =
    max === 0
      ? 'Nenhuma opção pode ser escolhida'
      : min === max
        ? `O cliente escolhe ${options(max)}`
        : min === 0
          ? `Opcional: o cliente escolhe até ${options(max)}`
          : `O cliente escolhe de ${min} a ${options(max)}`;
  return `${choose}; ${group.allow_repeat ? 'pode repetir a mesma opção' : 'sem repetir a opção'}.`;
}

const productCount = (n: number) => (n === 1 ? '1 produto' : `${n} produtos`);

/** The expanded row: the rule in words and the group's products. */
function GroupProducts() {
  const group = useRecordContext<ComplementGroup>();
  if (!group) return null;
  return (
    <Box sx={{ py: 2, pl: { xs: 0, sm: 6 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Mín. {group.min_items} · Máx. {group.max_items} — {ruleText(group)}
      </Typography>
      {group.products.length > 0 ? (
        <Box
          role="list"
          aria-label={`Produtos de ${group.name}`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {group.products.map((product) => (
            <Chip key={product.id} role="listitem" label={product.name} variant="outlined" />
          ))}
        </Box>
      ) : (
        <Typography variant="body2">Nenhum produto neste grupo.</Typography>
      )}
    </Box>
  );
}

/** Editar and Excluir (after a confirmation that says what the group's removal does). */
function GroupActions() {
  const group = useRecordContext<ComplementGroup>();
  const navigate = useNavigate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending: removing }] = useDelete<ComplementGroup>();
  if (!group) return null;
  const confirmDelete = () =>
    remove(
      definition.name,
      { id: group.id, previousData: group },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(definition.messages.deleted, { type: 'success' });
          setConfirming(false);
        },
        onError: (failure) => {
          notify((failure as Error).message, { type: 'error' });
          setConfirming(false);
        },
      },
    );
  return (
    <>
      <Tooltip title="Editar">
        <IconButton
          aria-label={`Editar ${group.name}`}
          onClick={() => navigate(menuPaths.groupEdit(group.id))}
        >
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Excluir">
        <IconButton aria-label={`Excluir ${group.name}`} color="error" onClick={() => setConfirming(true)}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={confirming}
        loading={removing}
        title="Excluir grupo de complementos?"
        content={`O grupo "${group.name}" deixará de ser oferecido nos produtos que o usam. Esta ação não pode ser desfeita.`}
        confirm="Excluir"
        confirmColor="warning"
        cancel="Cancelar"
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** The groups could not be read: the spec's message, and Tente novamente. */
function LoadFailed() {
  const { refetch } = useListContext();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {RETRY}
        </Button>
      }
    >
      {LOAD_FAILED}
    </Alert>
  );
}

/** Pages only when the groups fill more than one. */
function GroupPages() {
  const { total } = useListContext();
  return (total ?? 0) > definition.list.perPage ? <Pagination rowsPerPageOptions={[]} /> : null;
}

/**
 * /products/complements: the store's complement groups (restaurant spec 2), each row expanding to
 * its products, with edit and delete (after a confirmation), a new group, and the way back to the
 * menu.
 */
export const complementGroupScreens = defineScreens({
  list: {
    header: (
      <Typography variant="h6" component="h1">
        Grupos de complementos
      </Typography>
    ),
    actions: (
      <Button component={RouterLink} to={menuPaths.categories} startIcon={<ArrowBackIcon />}>
        Voltar
      </Button>
    ),
    create: { label: CREATE_LABEL, path: menuPaths.groupCreate },
    exportButton: false,
    cells: {
      min_items: (group: RaRecord) => rangeLabel(group as ComplementGroup),
      products: (group: RaRecord) => productCount((group as ComplementGroup).products.length),
    },
    headers: { min_items: 'Mín.–Máx.', allow_repeat: 'Repetir' },
    wide: ['allow_repeat', 'products'],
    expand: <GroupProducts />,
    expandToggle: (group, open) => `${open ? 'Ocultar' : 'Mostrar'} produtos de ${String(group.name)}`,
    rowActions: <GroupActions />,
    error: <LoadFailed />,
    empty: false,
    noRows: `Nenhum grupo de complementos cadastrado. Crie um em “${CREATE_LABEL}”.`,
    pagination: <GroupPages />,
  },
});

/** The list has no search: the menu's groups are few, and the spec gives it none. */
const listDefinition = { ...definition, list: { ...definition.list, search: undefined } };

export function ComplementGroupList() {
  return <GeneratedList definition={listDefinition} overrides={complementGroupScreens} />;
}
