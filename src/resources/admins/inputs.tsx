import { Box, Typography } from '@mui/material';

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
