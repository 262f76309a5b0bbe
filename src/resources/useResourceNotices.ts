import { useMemo } from 'react';
import { useNotify, useRedirect } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResourceDefinition } from '../../contract/define';

/**
 * Where a screen goes once its write succeeded: the list (default), a path, or nowhere; with
 * `back`, the previous page, or the path when the screen was opened straight from a link.
 */
export type After = 'list' | false | { path: string; back?: true };

/**
 * The definition's notices and redirects, for generated and hand-made screens alike:
 * `mutationOptions={notices.created}` shows 'Cozinha criada com sucesso!' and opens the list.
 * react-admin's own notice would replace the definition's text with its default.
 */
export function useResourceNotices(
  definition: Pick<ResourceDefinition, 'name' | 'messages'>,
  after: After = 'list',
) {
  const notify = useNotify();
  const redirect = useRedirect();
  const navigate = useNavigate();
  const opened = useLocation().key === 'default';
  return useMemo(() => {
    const done = (message: string) => () => {
      notify(message, { type: 'success' });
      if (after === 'list') redirect('list', definition.name);
      else if (after && after.back && !opened) navigate(-1);
      else if (after) redirect(after.path);
    };
    return {
      created: { onSuccess: done(definition.messages.created) },
      updated: { onSuccess: done(definition.messages.updated) },
      deleted: { onSuccess: done(definition.messages.deleted) },
    };
  }, [notify, redirect, navigate, opened, definition, after]);
}
