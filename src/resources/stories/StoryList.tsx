import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  Avatar,
  Box,
  Button,
  Card,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import MovieIcon from '@mui/icons-material/Movie';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Title } from 'react-admin';
import { GENERIC_ERROR } from '../../dataProvider/httpClient';
import { ExportFileButton } from '../../components/ExportButton';
import { useApi } from '../../dataProvider/useApi';
import { formatDate } from '../../../contract/lib/format';
import {
  DATE_RANGE_INVALID,
  STORIES_LIMIT,
  stories,
  type Story,
} from '../../../contract/resources/stories/definition';

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

/** Spec 2.14: the featured posts between two dates, newest first. */
export function StoryList() {
  const navigate = useNavigate();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const invalidRange = start !== '' && end !== '' && start > end;
  const { data, isPending, isError } = useApi<Story[]>(invalidRange ? null : stories.endpoint, {
    offset: 0,
    limit: STORIES_LIMIT,
    start_at: start,
    end_at: end,
  });
  const rows = invalidRange ? [] : (data ?? []);

  return (
    <Box sx={{ py: 2 }}>
      <Title title={stories.label.many} />
      <Stack direction="row" sx={{ mb: 2, gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          type="date"
          size="small"
          label="Data inicial"
          fullWidth={false}
          sx={{ width: 180 }}
          value={start}
          onChange={(event) => setStart(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: end || undefined } }}
        />
        <TextField
          type="date"
          size="small"
          label="Data final"
          fullWidth={false}
          sx={{ width: 180 }}
          value={end}
          onChange={(event) => setEnd(event.target.value)}
          error={invalidRange}
          helperText={invalidRange ? DATE_RANGE_INVALID : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: start || undefined } }}
        />
        <Box sx={{ flex: 1 }} />
        <ExportFileButton
          resource={stories.name}
          filter={{ start_at: start, end_at: end }}
          disabled={invalidRange || rows.length === 0}
        />
        <Button component={RouterLink} to="/stories/create" variant="contained" startIcon={<AddIcon />}>
          CRIAR POST
        </Button>
      </Stack>
      <Card>
        {isPending && !invalidRange ? <LinearProgress /> : null}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Post</TableCell>
                <TableCell>Usuário</TableCell>
                <TableCell>Data</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((story) => (
                <TableRow
                  key={story.id}
                  hover
                  onClick={() => navigate(`/stories/${story.id}`)}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 2, alignItems: 'center', minWidth: 220 }}>
                      <Thumbnail story={story} />
                      <Typography variant="body2">{story.title}</Typography>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{story.feedhunter.fullname}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      @{story.feedhunter.nickname}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(story.created_at)}</TableCell>
                </TableRow>
              ))}
              {!isPending && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>
                    {isError ? GENERIC_ERROR : 'Nenhum post encontrado nesse período.'}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Box>
      </Card>
    </Box>
  );
}
