import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SaveIcon from '@mui/icons-material/Save';
import { TextInput, useDataProvider, useGetList, useInput, useNotify, useRecordContext } from 'react-admin';
import { ImagePicker } from '../../components/ImagePicker';
import type { PainelDataProvider } from '../../dataProvider';
import { PRODUCT_ORDER_SAVED } from '../../../contract/resources/products/definition';
import type { MenuCategory, MenuProduct } from '../products/menuTypes';
import { MenuFormToolbar } from '../products/MenuFormToolbar';
import { menuPaths } from '../products/paths';
import { inOrder, ProductRows } from '../products/ProductRows';
import { GeneratedCreate, GeneratedEdit } from '../../engine/GeneratedForm';
import { defineScreens } from '../../engine/overrides';
import {
  CATEGORY_DELETED,
  categories,
  checkboxesOf,
  displayFrom,
} from '../../../contract/resources/categories/definition';

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

function FormToolbar({ editing }: { editing: boolean }) {
  const navigate = useNavigate();
  return (
    <MenuFormToolbar
      onCancel={() => navigate(menuPaths.categories)}
      deletion={
        editing
          ? {
              title: 'Excluir categoria',
              content: 'Tem certeza que deseja excluir a categoria e todos os seus produtos?',
              notice: CATEGORY_DELETED,
            }
          : undefined
      }
    />
  );
}

/** The category's products in their order: drag, then Salvar ordem; edit, hide, delete, add. */
function CategoryProducts() {
  const record = useRecordContext<MenuCategory>();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const [order, setOrder] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  // Read apart from the form's record, so that a switch or a removal never resets what is typed.
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

  const saveOrder = async () => {
    if (!order) return;
    setSaving(true);
    try {
      await dataProvider.reorder('products', { ids: order });
      await refetch();
      setOrder(null);
      notify(PRODUCT_ORDER_SAVED, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, p: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          Produtos da categoria
        </Typography>
        {order ? (
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            onClick={() => void saveOrder()}
            disabled={saving}
          >
            Salvar ordem
          </Button>
        ) : null}
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          component={Link}
          to={`${menuPaths.productCreate}?category_id=${record.id}`}
        >
          Novo produto
        </Button>
      </Stack>
      {order ? (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          A ordem dos produtos foi alterada.
        </Alert>
      ) : null}
      <ProductRows
        products={inOrder(data ?? record.products ?? [], order ?? undefined)}
        onReorder={setOrder}
        onChanged={refetch}
        deletable
      />
    </Card>
  );
}

/** The engine's forms, titled for the menu (whose categories screen is its own, not the engine's). */
const formDefinition = {
  ...categories,
  screens: { titles: { create: 'Nova categoria', edit: 'Editar categoria' } },
};

/**
 * The category's form (restaurant spec 2, "Category"): its square image, its name and where it
 * shows; Cancelar and Salvar (and Excluir, with its products) return to the menu, /products. The
 * edit screen lists the category's products under the form.
 */
export const categoryScreens = defineScreens({
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
      name: <TextInput source="name" label="Nome" fullWidth />,
      display: <DisplayCheckboxes />,
    },
    create: {
      // A new category is available, as the server creates it.
      defaultValues: { display: 'ALL', available: true, image: '' },
      toolbar: <FormToolbar editing={false} />,
    },
    edit: { toolbar: <FormToolbar editing />, below: <CategoryProducts /> },
  },
});

/** /products/category/create. */
export function CategoryCreate() {
  return <GeneratedCreate definition={formDefinition} overrides={categoryScreens} />;
}

/** /products/category/update/:id: the form, Excluir, and the category's products. */
export function CategoryEdit() {
  return <GeneratedEdit definition={formDefinition} overrides={categoryScreens} />;
}
