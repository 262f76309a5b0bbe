import { useState } from 'react';
import { Create, useNotify } from 'react-admin';
import { stories } from '../../../contract/resources/stories/definition';
import { StoryForm } from './StoryForm';
import { SuccessDialog } from '../../components/SuccessDialog';

/** New featured post (/feedhunters/new). */
export function StoryCreate() {
  const notify = useNotify();
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <Create
        resource={stories.name}
        title="Novo post"
        redirect={false}
        mutationOptions={{
          onSuccess: () => setDone(stories.messages.created),
          onError: (error) => notify((error as Error).message, { type: 'error' }),
        }}
      >
        <StoryForm />
      </Create>
      <SuccessDialog message={done} fallback="/stories" />
    </>
  );
}
