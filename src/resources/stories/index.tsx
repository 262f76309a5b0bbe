import { lazy } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { ResourceProps } from 'react-admin';
import { stories as definition } from '../../../contract/resources/stories/definition';

// Loaded when first opened, not with the login page.
const StoryCreate = lazy(() => import('./StoryCreate').then((m) => ({ default: m.StoryCreate })));
const StoryEdit = lazy(() => import('./StoryEdit').then((m) => ({ default: m.StoryEdit })));
const StoryList = lazy(() => import('./StoryList').then((m) => ({ default: m.StoryList })));

/** FeedHunters: the featured posts (spec 2.14). The admin menu has no entry for them. */
export const stories: ResourceProps = {
  name: definition.name,
  options: { label: definition.label.many },
  list: StoryList,
  create: StoryCreate,
  edit: StoryEdit,
  recordRepresentation: 'title',
};

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
