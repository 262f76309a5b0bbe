import { Navigate, useParams } from 'react-router-dom';

/*
 * FeedHunters: the featured posts (spec 2.14). The admin menu has no entry for them. The list and
 * the forms are generated from the definition, with ./overrides.tsx.
 */

/** The paths the specification gives the featured-post screens. */
export const storyAliases = [
  { from: '/feedhunters', to: '/stories' },
  { from: '/feedhunters/new', to: '/stories/create' },
  { from: '/feedhunters/details', to: '/stories' },
];

/** `/feedhunters/details/:id` opens that post. */
export function StoryDetailsAlias() {
  const { id = '' } = useParams();
  return <Navigate to={`/stories/${encodeURIComponent(id)}`} replace />;
}
