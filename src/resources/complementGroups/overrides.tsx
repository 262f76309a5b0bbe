import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Confirm,
  NumberInput,
  Pagination,
  useDelete,
  useListContext,
  useNotify,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { z } from 'zod';
import { GeneratedCreate, GeneratedEdit } from '../../engine/GeneratedForm';
import { GeneratedList } from '../../engine/GeneratedList';
import { defineScreens, type ScreenOverrides } from '../../engine/overrides';
import { menuPaths } from '../products/paths';
import {
  complementGroupInput,
  complementGroups as definition,
  GROUP_MAX_BELOW_MIN,
  MAX_CHOICES,
  type ComplementGroup,
} from '../../../contract/resources/complementGroups/definition';
import { ProductsInput, RepeatSwitch, type GroupProduct } from './inputs';

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

/** Pages only when the groups fill more than one. */
function GroupPages() {
  const { total } = useListContext();
  return (total ?? 0) > definition.list.perPage ? <Pagination rowsPerPageOptions={[]} /> : null;
}

function EditTitle() {
  const record = useRecordContext<GroupProduct>();
  return <>{record ? `Grupo de complementos: ${record.name}` : 'Grupo de complementos'}</>;
}

/** The form's values as the API takes them: the chosen products as their ids. */
function sentValues(values: Record<string, unknown>) {
  const chosen = Array.isArray(values.products) ? (values.products as GroupProduct[]) : [];
  return { ...values, products: chosen.map((product) => product.id) };
}

/**
 * The definition's rules and messages; the maximum is compared with the minimum as soon as both
 * are valid, whatever the other fields say, so that every problem shows at once.
 */
const groupSchema = z
  .object(complementGroupInput.shape)
  .omit({ store_id: true })
  .refine((value) => value.max_items >= value.min_items, {
    message: GROUP_MAX_BELOW_MIN,
    path: ['max_items'],
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === 'min_items' || issue.path?.[0] === 'max_items'),
  });

const choices = { min: 0, max: MAX_CHOICES, step: 1 };
const { fields } = definition;

/**
 * The group's form (/products/complements/create/group, and …/:id for a group): name, minimum
 * and maximum, the repeat switch and the products; Cancelar goes back, and a save says so in a
 * dialog whose OK goes back too.
 */
const groupForm: ScreenOverrides['form'] = {
  list: menuPaths.complements,
  actions: false,
  maxWidth: 820,
  buttons: { cancel: true },
  savedDialog: true,
  schema: groupSchema,
  transform: sentValues,
  // As the schema reads them: the name trimmed, the limits as numbers.
  sent: (values) => groupSchema.parse(values),
  sections: [
    { fields: ['name', ['min_items', 'max_items'], 'allow_repeat'] },
    { title: fields.products!.label, fields: ['products'] },
  ],
  inputs: {
    min_items: (
      <NumberInput source="min_items" label={fields.min_items!.label} {...choices} helperText="De 0 a 10" />
    ),
    max_items: (
      <NumberInput source="max_items" label={fields.max_items!.label} {...choices} helperText="De 0 a 10" />
    ),
    allow_repeat: <RepeatSwitch />,
    products: <ProductsInput />,
  },
  create: {
    title: 'Novo grupo de complementos',
    defaultValues: { name: '', min_items: 0, max_items: 1, allow_repeat: false, products: [] },
    buttons: { cancel: true, save: 'Adicionar', saveIcon: <AddIcon /> },
  },
  edit: { title: <EditTitle /> },
};

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
    error: { message: LOAD_FAILED, retry: RETRY },
    empty: false,
    noRows: `Nenhum grupo de complementos cadastrado. Crie um em “${CREATE_LABEL}”.`,
    pagination: <GroupPages />,
  },
  form: groupForm,
});

/** The list has no search: the menu's groups are few, and the spec gives it none. */
const listDefinition = { ...definition, list: { ...definition.list, search: undefined } };

export function ComplementGroupList() {
  return <GeneratedList definition={listDefinition} overrides={complementGroupScreens} />;
}

export function ComplementGroupCreate() {
  return <GeneratedCreate definition={definition} overrides={complementGroupScreens} />;
}

export function ComplementGroupEdit() {
  return <GeneratedEdit definition={definition} overrides={complementGroupScreens} />;
}
