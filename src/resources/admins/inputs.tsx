import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { TextInput, type TextInputProps } from 'react-admin';
import type { z } from 'zod';
import { maskPhone, onlyDigits } from '../../lib/format';

/**
 * Form-level validation with the whole zod schema, refinements included (the password
 * confirmation), so that each field shows the message users are meant to read.
 */
export function validateWith(schema: z.ZodType) {
  return (values: Record<string, unknown>) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  };
}

/** Shown as '(XX) XXXXX-XXXX' while typing; the form holds, and sends, the digits only. */
export function PhoneInput(props: Omit<TextInputProps, 'format' | 'parse'>) {
  return (
    <TextInput
      {...props}
      format={(value: string | null | undefined) => maskPhone(value)}
      parse={(value: string) => onlyDigits(maskPhone(value))}
      inputProps={{ inputMode: 'tel', autoComplete: 'tel' }}
    />
  );
}

/** The page's heading under its section, as the spec places the forms ("Permissões"). */
export function SectionHeading({ section, title }: { section: string; title: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {section}
      </Typography>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
    </Box>
  );
}

/** Two inputs side by side on a desk, one under the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 2,
        width: '100%',
        maxWidth: 720,
      }}
    >
      {children}
    </Box>
  );
}
