import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
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
import {
  Create,
  Edit,
  SimpleForm,
  TextInput,
  useDataProvider,
  useGetList,
  useInput,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { ImagePicker } from '../../components/ImagePicker';
import type { PainelDataProvider } from '../../dataProvider';
import { zodValidate } from '../../lib/zodForm';
import { PRODUCT_ORDER_SAVED } from '../../../contract/resources/products/definition';
import type { MenuCategory, MenuProduct } from '../products/menuTypes';
import { MenuFormToolbar, useMenuRecordQueryOptions } from '../products/MenuFormToolbar';
import { menuPaths } from '../products/paths';
import { inOrder, ProductRows } from '../products/ProductRows';
import {
  CATEGORY_DELETED,
  categories as definition,
  categoryInput,
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

function CategoryFields() {
  return (
    <Stack sx={{ gap: 2, width: '100%', maxWidth: 640 }}>
      <ImagePicker
        source="image"
        label="Imagem da categoria"
        accept="image"
        ratio={1}
        hint="Quadrada, até 1000×1000"
      />
      <TextInput source="name" label="Nome" fullWidth />
      <DisplayCheckboxes />
    </Stack>
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

/** /products/category/create: image, name and where the category shows. */
export function CategoryCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Create
      resource={definition.name}
      title="Nova categoria"
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.created, { type: 'success' });
          navigate(menuPaths.categories);
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      }}
    >
      <SimpleForm
        defaultValues={{ display: 'ALL', available: true, image: '' }}
        validate={zodValidate(categoryInput)}
        toolbar={<FormToolbar editing={false} />}
      >
        <CategoryFields />
      </SimpleForm>
    </Create>
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

/** /products/category/update/:id: the same form, delete, and the category's products. */
export function CategoryEdit() {
  const { id } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryOptions = useMenuRecordQueryOptions();
  return (
    <Edit
      resource={definition.name}
      id={id}
      title="Editar categoria"
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={queryOptions}
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.updated, { type: 'success' });
          navigate(menuPaths.categories);
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      }}
    >
      <SimpleForm validate={zodValidate(categoryInput)} toolbar={<FormToolbar editing />}>
        <CategoryFields />
      </SimpleForm>
      <CategoryProducts />
    </Edit>
  );
}
