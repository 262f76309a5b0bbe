import { Box, Typography } from '@mui/material';
import { policyBlocks } from '../../../contract/resources/usagePolicy/definition';

/**
 * The terms' text as read and printed: headings and paragraphs from the plain text. Every block is
 * a React text node, so markup typed into the text shows as typed and never runs.
 */
export function PolicyText({ text }: { text: string }) {
  return (
    <Box className="usage-policy-text" sx={{ maxWidth: '72ch' }}>
      {policyBlocks(text).map((block, index) =>
        block.kind === 'heading' ? (
          <Typography key={index} variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
            {block.text}
          </Typography>
        ) : (
          <Typography key={index} variant="body1" sx={{ mb: 1.5, whiteSpace: 'pre-line', lineHeight: 1.7 }}>
            {block.text}
          </Typography>
        ),
      )}
    </Box>
  );
}
