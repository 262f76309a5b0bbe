import { Link } from 'react-router-dom';
import {
  Avatar,
  Box,
  Button,
  Card,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/Category';
import EditIcon from '@mui/icons-material/Edit';
import ExtensionIcon from '@mui/icons-material/Extension';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import { useGetList, useInput, useListContext, useRecordContext } from 'react-admin';
import { ImagePicker } from '../../components/ImagePicker';
import type { MenuCategory, MenuProduct } from '../products/menuTypes';
import { menuPaths } from '../products/paths';
import { ProductRows } from '../products/ProductRows';
import { VisibilitySwitch } from '../products/VisibilitySwitch';
import { GeneratedCreate, GeneratedEdit } from '../../engine/GeneratedForm';
import { GeneratedList } from '../../engine/GeneratedList';
import { defineScreens } from '../../engine/overrides';
import {
  CATEGORY_ORDER_SAVED,
  categories,
  checkboxesOf,
  displayFrom,
} from '../../../contract/resources/categories/definition';

export const LOAD_FAILED = 'Ocorreu um erro ao tentar carregar as informações dessa página';

/**
 * The two checkboxes of spec 2 over the one `display` field: both give ALL, grid only GRID,
 * otherwise LIST. A category always shows somewhere, so without the grid it is in the feed.
 */
function DisplayCheckboxes() {
  const { field } = useInput({ source: 'display', defaultValue: 'ALL' });
  const { grid, feed } = checkboxesOf(field.value as string);
  return (
    <Box>
      <FormGroup row>
        <FormControlLabel
          control={<Checkbox checked={grid} onChange={(_, on) => field.onChange(displayFrom(on, feed))} />}
          label="Exibir em grade"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={feed}
              disabled={!grid}
              onChange={(_, on) => field.onChange(displayFrom(grid, on))}
            />
          }
          label="Exibir no feed"
        />
      </FormGroup>
      {!grid ? <FormHelperText>Sem a grade, a categoria aparece no feed.</FormHelperText> : null}
    </Box>
  );
}

/**
 * Under the category's form: its products, read apart from the form's record, so that a switch or
 * a removal never resets what is typed.
 */
function CategoryProducts() {
  const record = useRecordContext<MenuCategory>();
  const { data, refetch } = useGetList<MenuProduct>(
    'products',
    {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'list_priority', order: 'ASC' },
      filter: { category_id: record?.id },
    },
    { enabled: record !== undefined, placeholderData: (previous) => previous },
  );
  if (!record) return null;
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, p: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          Produtos da categoria
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} component={Link} to={newProductIn(record)}>
          Novo produto
        </Button>
      </Stack>
      <ProductRows products={data ?? record.products ?? []} onChanged={refetch} deletable />
    </Card>
  );
}

const newProductIn = (category: { id: number }) => `${menuPaths.productCreate}?category_id=${category.id}`;

/** A row of the menu: the category's image, its name and how many products it holds. */
function CategoryName() {
  const category = useRecordContext<MenuCategory>();
  if (!category) return null;
  const count = category.products.length;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
      <Avatar variant="rounded" src={category.image ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
        <CategoryIcon />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" data-testid="category-name" sx={{ fontWeight: 600 }}>
          {category.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count === 1 ? '1 produto' : `${count} produtos`}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The category's available switch, which calls the server at once; the menu is read again. */
function CategorySwitch() {
  const category = useRecordContext<MenuCategory>();
  const { refetch } = useListContext();
  if (!category) return null;
  return (
    <VisibilitySwitch
      resource="categories"
      id={category.id}
      name={category.name}
      available={category.available}
      onChanged={refetch}
    />
  );
}

function EditCategory() {
  const category = useRecordContext<MenuCategory>();
  if (!category) return null;
  return (
    <Tooltip title="Editar categoria">
      <IconButton
        component={Link}
        to={menuPaths.categoryEdit(category.id)}
        aria-label={`Editar categoria ${category.name}`}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A category opened on the menu: its products in their order, and a new one in it. */
function MenuProducts() {
  const category = useRecordContext<MenuCategory>();
  const { refetch } = useListContext();
  if (!category) return null;
  return (
    <Box sx={{ py: 1 }}>
      <ProductRows products={category.products} onChanged={refetch} />
      <Button size="small" startIcon={<AddIcon />} component={Link} to={newProductIn(category)} sx={{ m: 1 }}>
        Novo produto nesta categoria
      </Button>
    </Box>
  );
}

const MENU_LINKS = [
  { label: 'Importar produtos', to: menuPaths.imports, Icon: FileDownloadIcon },
  { label: 'Complementos', to: menuPaths.complements, Icon: ExtensionIcon },
  { label: 'Cozinhas', to: menuPaths.kitchens, Icon: SoupKitchenIcon },
  { label: 'Nova categoria', to: menuPaths.categoryCreate, Icon: AddIcon },
];

/**
 * The category's form (restaurant spec 2, "Category"): its square image, its name and where it
 * shows; Cancelar and Salvar (and Excluir, with its products) return to the menu, /products. The
 * edit screen lists the category's products under the form.
 *
 * The menu, /products (spec 2, "Categories screen"): the store's categories in the app's order,
 * read with their products in one call, dragged into another order (SALVAR ORDEM), each opening
 * to its products (dragged in their category, Salvar ordem), with the available switches that
 * call the server at once, and the ways to the import, the complements, the kitchens and the
 * new category and product.
 */
export const categoryScreens = defineScreens({
  list: {
    filter: { include: 'products' },
    header: (
      <Typography variant="h6" component="h1">
        Categorias
      </Typography>
    ),
    actions: MENU_LINKS.map(({ label, to, Icon }) => (
      <Button key={to} variant="outlined" startIcon={<Icon />} component={Link} to={to}>
        {label}
      </Button>
    )),
    create: { label: 'Novo produto', path: menuPaths.productCreate },
    exportButton: false,
    sortable: { name: (category) => String(category.name), saved: CATEGORY_ORDER_SAVED },
    cells: { name: <CategoryName />, available: <CategorySwitch /> },
    expand: <MenuProducts />,
    expandToggle: (category, open) => `${open ? 'Recolher' : 'Expandir'} ${String(category.name)}`,
    rowActions: <EditCategory />,
    error: { message: LOAD_FAILED, retry: 'Tentar novamente' },
    empty: false,
    noRows: (
      <Card sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>O cardápio ainda não tem categorias.</Typography>
        <Button variant="contained" startIcon={<AddIcon />} component={Link} to={menuPaths.categoryCreate}>
          Nova categoria
        </Button>
      </Card>
    ),
  },
  form: {
    list: menuPaths.categories,
    actions: false,
    maxWidth: 640,
    sections: [{ fields: ['image', 'name', 'display'] }],
    inputs: {
      image: (
        <ImagePicker
          source="image"
          label="Imagem da categoria"
          accept="image"
          ratio={1}
          hint="Quadrada, até 1000×1000"
        />
      ),
      display: <DisplayCheckboxes />,
    },
    buttons: { cancel: true, remove: 'Excluir' },
    deleteConfirm: () => ({
      title: 'Excluir categoria',
      content: 'Tem certeza que deseja excluir a categoria e todos os seus produtos?',
    }),
    // A new category is available, as the server creates it.
    create: { defaultValues: { display: 'ALL', available: true, image: '' } },
    edit: { below: <CategoryProducts /> },
  },
});

/** The engine's screens, titled for the menu (the categories are listed at /products, under the products). */
const menuDefinition = {
  ...categories,
  // The whole menu in the app's order: no search, filter nor other sort, which would stop the drag.
  fields: {
    ...categories.fields,
    name: { ...categories.fields.name!, sortable: false },
    display: { ...categories.fields.display!, filter: false },
  },
  list: { ...categories.list, search: undefined },
  screens: { titles: { list: 'Produtos', create: 'Nova categoria', edit: 'Editar categoria' } },
};

/** /products: the menu. */
export function CategoryMenu() {
  return <GeneratedList definition={menuDefinition} overrides={categoryScreens} />;
}

/** /products/category/create. */
export function CategoryCreate() {
  return <GeneratedCreate definition={menuDefinition} overrides={categoryScreens} />;
}

/** /products/category/update/:id: the form, Excluir, and the category's products. */
export function CategoryEdit() {
  return <GeneratedEdit definition={menuDefinition} overrides={categoryScreens} />;
}
