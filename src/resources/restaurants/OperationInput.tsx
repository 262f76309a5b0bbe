import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import { SelectInput, useCreate, useGetList, useNotify, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { operations } from '../../../contract/resources/operations/definition';
import { restaurantFields } from '../../../contract/resources/restaurants/definition';
import { MunicipalityAutocomplete } from './MunicipalityAutocomplete';

/** The cities read, with those just added that the list does not hold yet, by name. */
function withAdded(cities: RaRecord[], added: RaRecord[]): RaRecord[] {
  const missing = added.filter((city) => !cities.some((known) => known.id === city.id));
  if (missing.length === 0) return cities;
  return [...cities, ...missing].sort((a, b) => String(a.name).localeCompare(String(b.name), 'pt-BR'));
}

/** The operation city of a new restaurant, with the modal that adds a city (spec 2.5). */
export function OperationInput() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  // A city added here is among the choices at once, before the list is read again with it, and
  // chosen once it is (the select never holds a value it does not offer).
  const form = useFormContext();
  const [added, setAdded] = useState<RaRecord[]>([]);
  const [chosen, setChosen] = useState<RaRecord['id'] | null>(null);
  useEffect(() => {
    if (chosen === null) return;
    form.setValue('operation_id', chosen, { shouldDirty: true, shouldValidate: true });
    setChosen(null);
  }, [chosen, form]);
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  // A plain select over the list: a ReferenceInput would also read the chosen city by id
  // (GET /api/operations/id/:id), a route the API does not have, and empty the select on its 404.
  const { data: cities, isPending: loadingCities } = useGetList('operations', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });

  const save = () => {
    if (!name.trim()) {
      notify('Informe a cidade.', { type: 'warning' });
      return;
    }
    create(
      'operations',
      { data: { name: name.trim() } },
      {
        onSuccess: (city) => {
          notify(operations.messages.created, { type: 'success' });
          setAdded((cities) => [...cities, city]);
          setChosen(city.id);
          setOpen(false);
          setName('');
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };

  return (
    <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ width: '100%' }}>
      <SelectInput
        source="operation_id"
        label={restaurantFields.operation_id.label}
        choices={withAdded(cities ?? [], added)}
        isPending={loadingCities}
        optionText="name"
        fullWidth
      />
      <Button
        startIcon={<AddLocationAltIcon />}
        onClick={() => setOpen(true)}
        sx={{ mt: 1.5, whiteSpace: 'nowrap' }}
      >
        Nova cidade
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Nova cidade de operação</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <MunicipalityAutocomplete
            label={restaurantFields.city.label}
            value={name}
            onChange={(next) => setName(next)}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancelar</Button>
          <Button variant="contained" onClick={save} disabled={isPending}>
            Adicionar
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
