import { useState } from 'react';
import { Edit, useNotify } from 'react-admin';
import { stories } from '../../../contract/resources/stories/definition';
import { StoryForm } from './StoryForm';
import { SuccessDialog } from '../../components/SuccessDialog';

/** A featured post's detail (/feedhunters/details): edit or delete it. */
export function StoryEdit() {
  const notify = useNotify();
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <Edit
        resource={stories.name}
        title="Post"
        actions={false}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{
          onSuccess: () => setDone(stories.messages.updated),
          onError: (error) => notify((error as Error).message, { type: 'error' }),
        }}
      >
        <StoryForm onDeleted={setDone} />
      </Edit>
      <SuccessDialog message={done} fallback="/stories" />
    </>
  );
}
