import type { ReactNode } from 'react';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useFieldArray } from 'react-hook-form';

const TOUCH = 44;

/**
 * A form's list of rows, added and removed (a store's extra links, its groups of opening hours):
 * each row a fieldset named `name(index)` ('Horário 1') holding what `children` gives for the
 * row's source, its removal ('Remover horário 1') to place among its inputs, and its name; `empty`
 * while there is none; `add`, the button's label and a new row's values.
 */
export function RowsInput({
  source,
  name,
  empty,
  add,
  children,
}: {
  source: string;
  name: (index: number) => string;
  empty: ReactNode;
  add: { label: string; row: object };
  children: (source: string, removal: ReactNode, name: string) => ReactNode;
}) {
  const { fields, append, remove } = useFieldArray({ name: source });
  return (
    <Stack sx={{ gap: 2 }}>
      {fields.length === 0 ? <Typography color="text.secondary">{empty}</Typography> : null}
      {fields.map((field, index) => (
        <Box
          key={field.id}
          component="fieldset"
          aria-label={name(index)}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, p: 2 }}
        >
          {children(
            `${source}.${index}`,
            <IconButton
              aria-label={`Remover ${name(index).toLowerCase()}`}
              onClick={() => remove(index)}
              sx={{ width: TOUCH, height: TOUCH }}
            >
              <DeleteOutlineIcon />
            </IconButton>,
            name(index),
          )}
        </Box>
      ))}
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => append({ ...add.row })}
          sx={{ minHeight: TOUCH }}
        >
          {add.label}
        </Button>
      </Box>
    </Stack>
  );
}
