import { Avatar, Box, Stack, Typography } from '@mui/material';
import MovieIcon from '@mui/icons-material/Movie';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import type { RaRecord } from 'react-admin';
import {
  feedhunterLabel,
  mediaProblem,
  storyCreateInput,
  type Story,
} from '../../../contract/resources/stories/definition';
import { DayRangeFilter } from '../../engine/DayRangeFilter';
import { defineScreens } from '../../engine/overrides';
import { MediaInput } from './MediaInput';
import { FeedhunterInput, ProductInput } from './pickers';
import { StoryToolbar } from './StoryToolbar';

function Thumbnail({ story }: { story: Story }) {
  return (
    <Box sx={{ position: 'relative', flex: 'none' }}>
      <Avatar
        variant="rounded"
        src={story.image_url ?? undefined}
        alt=""
        sx={{ width: 56, height: 56, bgcolor: 'action.hover' }}
      >
        <MovieIcon />
      </Avatar>
      {story.media_type === 'VIDEO' ? (
        <PlayCircleIcon
          aria-label="Vídeo"
          fontSize="small"
          sx={{
            position: 'absolute',
            right: -4,
            bottom: -4,
            color: 'common.white',
            filter: 'drop-shadow(0 0 2px #000)',
          }}
        />
      ) : null}
    </Box>
  );
}

/** The post: its image (a video's mark on it) and its title. */
function postCell(record: RaRecord) {
  const story = record as Story;
  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'center', minWidth: 220 }}>
      <Thumbnail story={story} />
      <Typography variant="body2">{story.title}</Typography>
    </Stack>
  );
}

/** The feed hunter: the name, the nickname under it. */
function hunterCell(record: RaRecord) {
  const { feedhunter } = record as Story;
  return (
    <>
      <Typography variant="body2">{feedhunter.fullname}</Typography>
      {feedhunter.nickname ? (
        <Typography variant="caption" color="text.secondary">
          @{feedhunter.nickname}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * The form checks every field at once, each message under its field: the media rule too, which
 * the API's schema checks only once the other fields are right.
 */
const storyForm = storyCreateInput.superRefine(
  (story, context) => {
    const problem = mediaProblem(story);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  },
  { when: () => true },
);

/**
 * FeedHunters (spec 2.14): the featured posts between two dates, newest first, all of them on one
 * page; a row opens the post. Its create (/stories/create, the spec's /feedhunters/new) and edit
 * (/stories/:id) forms: the title and the people beside the media; the save's message in the
 * success modal, whose OK returns to the previous page.
 */
export default defineScreens({
  list: {
    filters: [<DayRangeFilter key="start_at" source="start_at" alwaysOn />],
    // The period is remembered on this device, not written in the address: a post opened and
    // saved returns to /stories itself.
    storeKey: 'stories.period',
    headers: { title: 'Post' },
    cells: { title: postCell, customer_id: hunterCell },
    // With no post in the period, the dates stay to choose another.
    empty: false,
    noRows: 'Nenhum post encontrado nesse período.',
    // One page holds every post of the period (the API's limit): no pages to turn.
    pagination: <></>,
    compact: {
      primary: (record) => String(record.title ?? ''),
      secondary: (record) => feedhunterLabel((record as Story).feedhunter),
    },
  },
  form: {
    actions: false,
    maxWidth: 1040,
    savedDialog: true,
    schema: storyForm,
    sections: [{ fields: [[['title', 'customer_id', 'product_id'], 'media_type']] }],
    inputs: {
      customer_id: <FeedhunterInput />,
      product_id: <ProductInput />,
      // The image/video toggle and the file of the chosen kind (image_url or video_url).
      media_type: <MediaInput />,
    },
    create: {
      defaultValues: { media_type: 'PHOTO', product_id: null },
      toolbar: <StoryToolbar />,
    },
    edit: { toolbar: <StoryToolbar editing /> },
  },
});
