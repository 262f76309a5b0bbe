import { useMemo } from 'react';
import { RecordHistory } from '../audit/RecordHistory';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Card,
  CardContent,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetList,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { zodValidate } from '../../lib/zodForm';
import {
  PRODUCT_DELETED,
  productInput,
  products as definition,
} from '../../../contract/resources/products/definition';
import { AspectRatioInput, IconInput, PriceInput, ProductImagesInput } from './inputs';
import { MenuFormToolbar, useMenuRecordQueryOptions } from './MenuFormToolbar';
import { menuPaths } from './paths';

/** Back where the user came from (the categories screen or a category), else the menu. */
function useBack() {
  const navigate = useNavigate();
  return () => {
    if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1);
    else navigate(menuPaths.categories);
  };
}

/** The main image and the thumbnail are the first image; the ratio goes as a number. */
export function productPayload(data: RaRecord): RaRecord {
  const images = Array.isArray(data.images) ? (data.images as string[]) : [];
  return {
    ...data,
    images,
    image: images[0] ?? null,
    thumbnail: images[0] ?? null,
    image_aspect_ratio: Number(data.image_aspect_ratio ?? 1),
  };
}

/** The store's categories, complement groups and kitchens for the three pickers. */
function useChoices() {
  const page = { page: 1, perPage: 500 };
  const categories = useGetList('categories', {
    pagination: page,
    sort: { field: 'list_order', order: 'ASC' },
  });
  const groups = useGetList('complementGroups', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const kitchens = useGetList('kitchens', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return {
    categories: categories.data ?? [],
    groups: groups.data ?? [],
    kitchens: kitchens.data ?? [],
    // While a list is read, its picker says so instead of holding a value it does not offer yet.
    loadingCategories: categories.isPending,
    loadingKitchens: kitchens.isPending,
    loadingGroups: groups.isPending,
  };
}

function ProductFields() {
  const choices = useChoices();
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 960 }}>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextInput source="name" label="Nome" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="external_code" label="Código" fullWidth />
      </Grid>
      <Grid size={12}>
        <TextInput source="description" label="Descrição" multiline minRows={2} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <PriceInput source="price" label="Preço" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <SelectInput
          source="category_id"
          label="Categoria"
          choices={choices.categories}
          isPending={choices.loadingCategories}
          optionText="name"
          emptyText="Selecione"
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <SelectInput
          source="kitchen_id"
          label="Cozinha"
          choices={choices.kitchens}
          isPending={choices.loadingKitchens}
          optionText="name"
          emptyText="Nenhuma"
          helperText="Para onde vão os pedidos deste produto"
          fullWidth
        />
      </Grid>
      <Grid size={12}>
        <AutocompleteArrayInput
          source="complements"
          label="Complementos"
          choices={choices.groups}
          isPending={choices.loadingGroups}
          optionText="name"
          noOptionsText="Nenhum grupo de complementos"
          helperText="Grupos de complementos oferecidos com este produto"
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <BooleanInput source="complement_only" label="É um complemento" helperText={false} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <BooleanInput source="allow_observations" label="Permitir observações" helperText={false} />
      </Grid>
      <Grid size={12} sx={{ mt: 2 }}>
        <Stack sx={{ gap: 2 }}>
          <AspectRatioInput />
          <ProductImagesInput />
          <IconInput />
        </Stack>
      </Grid>
      <Grid size={12} sx={{ mt: 3 }}>
        <Accordion variant="outlined" disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>Vínculo com o PDV (OPDV), opcional</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="integration_code" label="Código no PDV" fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="integration_name" label="Nome no PDV" fullWidth />
              </Grid>
            </Grid>
          </AccordionDetails>
        </Accordion>
      </Grid>
    </Grid>
  );
}

function FormToolbar({ editing }: { editing: boolean }) {
  const back = useBack();
  return (
    <MenuFormToolbar
      onCancel={back}
      deletion={
        editing
          ? {
              title: 'Excluir produto',
              content: 'Tem certeza que deseja excluir este produto?',
              notice: PRODUCT_DELETED,
            }
          : undefined
      }
    />
  );
}

const validate = zodValidate(productInput);

/** /products/create: a new product, in the category of `?category_id=` when given. */
export function ProductCreate() {
  const notify = useNotify();
  const back = useBack();
  const [params] = useSearchParams();
  const category = Number(params.get('category_id'));
  const defaults = useMemo(
    () => ({
      category_id: Number.isInteger(category) && category > 0 ? category : undefined,
      description: '',
      complements: [],
      complement_only: false,
      allow_observations: true,
      image_aspect_ratio: 1,
      images: [],
      icon: null,
      kitchen_id: null,
      available: true,
    }),
    [category],
  );
  return (
    <Create
      resource={definition.name}
      title="Novo produto"
      redirect={false}
      transform={productPayload}
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.created, { type: 'success' });
          back();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={defaults} validate={validate} toolbar={<FormToolbar editing={false} />}>
        <ProductFields />
      </SimpleForm>
    </Create>
  );
}

/** /products/update/:id: the product's form, and delete. */
export function ProductEdit() {
  const { id } = useParams();
  const notify = useNotify();
  const back = useBack();
  const queryOptions = useMenuRecordQueryOptions();
  return (
    <>
      <Edit
        resource={definition.name}
        id={id}
        title="Editar produto"
        actions={false}
        mutationMode="pessimistic"
        redirect={false}
        queryOptions={queryOptions}
        transform={productPayload}
        mutationOptions={{
          onSuccess: () => {
            notify(definition.messages.updated, { type: 'success' });
            back();
          },
          onError: (error) => notify((error as Error).message, { type: 'error' }),
        }}
      >
        <SimpleForm validate={validate} toolbar={<FormToolbar editing />}>
          <ProductFields />
        </SimpleForm>
      </Edit>
      {/* Who changed the product, its price and availability, and when. */}
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <RecordHistory subject={`products:${id}`} />
        </CardContent>
      </Card>
    </>
  );
}
