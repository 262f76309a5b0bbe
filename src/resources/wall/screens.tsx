import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { BooleanInput, Loading } from 'react-admin';
import { ImagePicker } from '../../components/ImagePicker';
import { GeneratedCreate, GeneratedEdit } from '../../engine/GeneratedForm';
import { ToolbarLink } from '../../engine/parts';
import { defineScreens, type ScreenOverrides } from '../../engine/overrides';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import { wall } from '../../../contract/resources/wall/definition';
import { wallPaths } from './paths';

/** The engine's forms, titled for the wall (whose list is its own screen, not the engine's). */
const formDefinition = {
  ...wall,
  screens: { titles: { create: 'Nova publicação', edit: 'Editar publicação' } },
};

/**
 * The post's form: title, body, the picture (JPEG, spec 5; stored as soon as it is picked, and
 * removed by the server with the post), and the two switches with what each does in the app.
 */
export const wallScreens = defineScreens({
  form: {
    inputs: {
      image: (
        <Box sx={{ mb: 2 }}>
          <ImagePicker source="image" label="Imagem" accept="jpeg" hint="JPEG (.jpg ou .jpeg)" />
        </Box>
      ),
      active: <BooleanInput source="active" label="Ativa" helperText="Aparece no app do restaurante" />,
      pinned: (
        <BooleanInput source="pinned" label="Fixada" helperText="Fica no topo do mural, antes das outras" />
      ),
    },
    defaultValues: { active: true, pinned: false },
    deleteConfirm: (record) => ({
      title: `Remover a publicação ${String(record.title)}?`,
      content: 'A imagem da publicação também será removida. Esta ação não pode ser desfeita.',
    }),
  },
});

/**
 * /mural/new. An administrator writes into the restaurant chosen (the board's choice, kept per
 * device), which the form sends as `store_id`; staff into their own.
 */
export function WallCreate() {
  const store = useChosenStore();
  const overrides = useMemo<ScreenOverrides>(() => {
    if (store.storeId === null) return wallScreens;
    const storeId = store.storeId;
    return {
      ...wallScreens,
      form: { ...wallScreens.form, transform: (values) => ({ ...values, store_id: storeId }) },
    };
  }, [store.storeId]);
  if (store.loading) return <Loading />;
  const picker = store.admin ? (
    <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <ChosenStorePicker store={store} />
    </Stack>
  ) : null;
  if (store.waiting)
    return (
      <Box sx={{ py: 2 }}>
        <Stack direction="row" sx={{ mb: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToolbarLink to={wallPaths.list} label={wall.label.many} back />
          <ChosenStorePicker store={store} />
        </Stack>
        <ChooseStoreNotice store={store} message="Escolha o restaurante em que a publicação vai aparecer." />
      </Box>
    );
  return (
    <>
      {picker}
      {/* Another restaurant chosen starts a new form. */}
      <GeneratedCreate key={store.storeId ?? 'own'} definition={formDefinition} overrides={overrides} />
    </>
  );
}

/** /mural/details/:id: the post's form, Remover and Salvar (an administrator's too: by its id). */
export function WallEdit() {
  return <GeneratedEdit definition={formDefinition} overrides={wallScreens} />;
}
