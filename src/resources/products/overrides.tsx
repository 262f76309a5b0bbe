import { useSearchParams } from 'react-router-dom';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Card,
  CardContent,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { AutocompleteArrayInput, SelectInput, TextInput, useGetList, useGetRecordId } from 'react-admin';
import { defineScreens } from '../../engine/overrides';
import { RecordHistory } from '../audit/RecordHistory';
import { products } from '../../../contract/resources/products/definition';
import { AspectRatioInput, IconInput, ProductImagesInput } from './inputs';
import { menuPaths } from './paths';

const { fields } = products;

/** The main image and the thumbnail are the first image; the ratio goes as a number. */
function productPayload(data: Record<string, unknown>): Record<string, unknown> {
  const images = Array.isArray(data.images) ? (data.images as string[]) : [];
  return {
    ...data,
    images,
    image: images[0] ?? null,
    thumbnail: images[0] ?? null,
    image_aspect_ratio: Number(data.image_aspect_ratio ?? 1),
  };
}

/**
 * The store's categories, kitchens or complement groups for a picker; while they are read, the
 * picker says so instead of holding a value it does not offer yet.
 */
function useChoices(resource: string, field: string, perPage = 100) {
  const { data, isPending } = useGetList(resource, {
    pagination: { page: 1, perPage },
    sort: { field, order: 'ASC' },
  });
  return { choices: data ?? [], isPending, optionText: 'name', fullWidth: true };
}

/** The category, on a new product the one of `?category_id=` when given (a category's Novo produto). */
function CategoryInput() {
  const [params] = useSearchParams();
  const asked = Number(params.get('category_id'));
  const choices = useChoices('categories', 'list_order', 500);
  return (
    <SelectInput
      source="category_id"
      label={fields.category_id!.label}
      {...choices}
      defaultValue={Number.isInteger(asked) && asked > 0 ? asked : undefined}
      emptyText="Selecione"
    />
  );
}

function KitchenInput() {
  const choices = useChoices('kitchens', 'name');
  return (
    <SelectInput
      source="kitchen_id"
      label={fields.kitchen_id!.label}
      {...choices}
      emptyText="Nenhuma"
      helperText="Para onde vão os pedidos deste produto"
    />
  );
}

function ComplementsInput() {
  const choices = useChoices('complementGroups', 'name');
  return (
    <AutocompleteArrayInput
      source="complements"
      label={fields.complements!.label}
      {...choices}
      noOptionsText="Nenhum grupo de complementos"
      helperText="Grupos de complementos oferecidos com este produto"
    />
  );
}

/** The optional link to the point of sale, folded away. */
function IntegrationInputs() {
  return (
    <Accordion variant="outlined" disableGutters sx={{ mt: 3, width: '100%' }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>Vínculo com o PDV (OPDV), opcional</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TextInput source="integration_code" label="Código no PDV" fullWidth />
          <TextInput source="integration_name" label="Nome no PDV" fullWidth />
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/** Who changed the product, its price and availability, and when. */
function ProductHistory() {
  const id = useGetRecordId();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <RecordHistory subject={`products:${id}`} />
      </CardContent>
    </Card>
  );
}

/**
 * The product's form (restaurant spec 2 and 5), /products/create (in the category of
 * `?category_id=` when given) and /products/update/:id: the price typed in reais and held in
 * cents, the pickers of the store's categories, kitchens and complement groups, the images
 * cropped as they are picked, the drink icon and the point of sale's link. A save returns where
 * the form was opened from; an edit also removes the product, and shows its history.
 */
export default defineScreens({
  form: {
    list: menuPaths.categories,
    after: { path: menuPaths.categories, back: true },
    actions: false,
    marked: false,
    maxWidth: 960,
    transform: productPayload,
    buttons: { cancel: true, remove: 'Excluir' },
    deleteConfirm: () => ({
      title: 'Excluir produto',
      content: 'Tem certeza que deseja excluir este produto?',
    }),
    sections: [
      {
        fields: [
          ['name', 'external_code'],
          'description',
          ['price', 'category_id', 'kitchen_id'],
          'complements',
          ['complement_only', 'allow_observations'],
          'image_aspect_ratio',
          'images',
          'icon',
          'integration',
        ],
      },
    ],
    inputs: {
      category_id: <CategoryInput />,
      kitchen_id: <KitchenInput />,
      complements: <ComplementsInput />,
      image_aspect_ratio: <AspectRatioInput />,
      images: <ProductImagesInput />,
      icon: <IconInput />,
      integration: <IntegrationInputs />,
    },
    create: {
      defaultValues: {
        description: '',
        complements: [],
        complement_only: false,
        allow_observations: true,
        image_aspect_ratio: 1,
        images: [],
        icon: null,
        kitchen_id: null,
        available: true,
      },
    },
    edit: { below: <ProductHistory /> },
  },
});
