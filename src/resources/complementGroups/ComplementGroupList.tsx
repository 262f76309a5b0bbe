import { Fragment, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Collapse,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Confirm, Title, useDelete, useGetList, useNotify } from 'react-admin';
import { menuPaths } from '../menu/paths';
import {
  complementGroups as definition,
  type ComplementGroup,
} from '../../../contract/resources/complementGroups/definition';

/** Spec 8: the complements' load message. */
export const LOAD_FAILED = 'Não foi possível carregar os grupos de complementos.';
export const RETRY = 'Tente novamente';
export const CREATE_LABEL = 'Novo grupo';

const COLUMNS = 6;
const { fields } = definition;

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

function GroupRow({
  group,
  expanded,
  onToggle,
  onDelete,
}: {
  group: ComplementGroup;
  expanded: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const navigate = useNavigate();
  const detailsId = `complement-group-${group.id}`;
  return (
    <Fragment>
      <TableRow hover onClick={onToggle} sx={{ cursor: 'pointer', '& > td': { borderBottom: 'unset' } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={expanded ? `Ocultar produtos de ${group.name}` : `Mostrar produtos de ${group.name}`}
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ fontWeight: 500, minWidth: 140, wordBreak: 'break-word' }}>{group.name}</TableCell>
        <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
          {rangeLabel(group)}
        </TableCell>
        <TableCell align="center" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
          {group.allow_repeat ? 'Sim' : 'Não'}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', md: 'table-cell' } }}>
          {productCount(group.products.length)}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
          <Tooltip title="Editar">
            <IconButton
              aria-label={`Editar ${group.name}`}
              onClick={() => navigate(menuPaths.groupEdit(group.id))}
            >
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Excluir">
            <IconButton aria-label={`Excluir ${group.name}`} color="error" onClick={onDelete}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0 }}>
          <Collapse in={expanded} timeout="auto" unmountOnExit>
            <Box id={detailsId} sx={{ py: 2, pl: { xs: 0, sm: 6 } }}>
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
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

/**
 * /products/complements: the store's complement groups, each row expanding to its products, with
 * edit and delete (after a confirmation), a new group, and the way back to the menu.
 */
export function ComplementGroupList() {
  const notify = useNotify();
  const perPage = definition.list.perPage;
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const [deleting, setDeleting] = useState<ComplementGroup | null>(null);
  const { data, total, isPending, isFetching, error, refetch } = useGetList<ComplementGroup>(
    definition.name,
    {
      pagination: { page, perPage },
      sort: definition.list.sort,
    },
  );
  const [remove, { isPending: removing }] = useDelete<ComplementGroup>();
  const groups = data ?? [];

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      definition.name,
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(definition.messages.deleted, { type: 'success' });
          setDeleting(null);
        },
        onError: (failure) => {
          notify((failure as Error).message, { type: 'error' });
          setDeleting(null);
        },
      },
    );
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={definition.label.many} />
      <Stack direction="row" sx={{ mb: 2, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={menuPaths.categories} startIcon={<ArrowBackIcon />}>
          Voltar
        </Button>
        <Typography variant="h6" component="h1" sx={{ flex: 1, minWidth: 200 }}>
          Grupos de complementos
        </Typography>
        <Button component={RouterLink} to={menuPaths.groupCreate} variant="contained" startIcon={<AddIcon />}>
          {CREATE_LABEL}
        </Button>
      </Stack>
      <Card>
        {isFetching ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
        {error && !isFetching ? (
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
        ) : null}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Grupos de complementos">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{fields.name!.label}</TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  Mín.–Máx.
                </TableCell>
                <TableCell align="center" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  Repetir
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {fields.products!.label}
                </TableCell>
                <TableCell align="right">Ações</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {groups.map((group) => (
                <GroupRow
                  key={group.id}
                  group={group}
                  expanded={expanded.has(group.id)}
                  onToggle={() => toggle(group.id)}
                  onDelete={() => setDeleting(group)}
                />
              ))}
              {!isPending && !error && groups.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS}>
                    Nenhum grupo de complementos cadastrado. Crie um em “{CREATE_LABEL}”.
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Box>
        {(total ?? 0) > perPage ? (
          <TablePagination
            component="div"
            count={total ?? 0}
            page={page - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={[perPage]}
            onPageChange={(_, next) => setPage(next + 1)}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
          />
        ) : null}
      </Card>
      <Confirm
        isOpen={deleting !== null}
        loading={removing}
        title="Excluir grupo de complementos?"
        content={`O grupo "${deleting?.name ?? ''}" deixará de ser oferecido nos produtos que o usam. Esta ação não pode ser desfeita.`}
        confirm="Excluir"
        confirmColor="warning"
        cancel="Cancelar"
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
