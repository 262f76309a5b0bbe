import type { ComponentType, ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { ResourceProps } from 'react-admin';
import type { ResourceDefinition } from '../../contract/define';
import type { Permission } from '../../contract/permissions';
import { RequirePermission } from '../components/RequirePermission';
import type { ScreenOverrides } from './overrides';
import { dragOrderModule } from './dragOrderLoader';
import { lazyScreen } from '../resources/preload';

/** What the app knows of a generated resource before its screens load: its icon, and where its overrides are. */
export interface ScreenModule {
  icon?: ResourceProps['icon'];
  /** The resource's `overrides.tsx`, loaded with its screens (not with the login page). */
  overrides?: () => Promise<{ default: ScreenOverrides }>;
  /**
   * A hand-written create or edit screen instead of the generated one, for a resource whose list
   * alone is generated (a notification's detail only deactivates it).
   */
  create?: ComponentType;
  edit?: ComponentType;
  /** A hand-written list (or page) at the resource's path instead of the generated list (the restaurants' dashboard). */
  list?: ComponentType;
  /**
   * Paths under the resource's where its generated list or edit screen is shown too, or instead of
   * the resource's own path when `list` takes it (the customers' list at /customers/list, a
   * restaurant's detail at /restaurants/list/details/:id).
   */
  paths?: { list?: string; edit?: string };
  /**
   * The resource's other pages, under its path (react-admin's <Resource> children): the customer a
   * review opens, the loyalty program's details.
   */
  routes?: readonly ReactElement[];
  /**
   * The store permission the list asks for: a role without it reads why, in the server's words
   * (`RequirePermission`), instead of react-admin's access denied.
   */
  permission?: Permission;
}

type Kind = 'GeneratedList' | 'GeneratedCreate' | 'GeneratedEdit' | 'GeneratedShow';

/**
 * The engine's module of each kind of screen, each import apart: one expression importing either
 * would have the build fetch both modules' code ahead of either (a list's first visit downloading
 * the forms).
 */
const ENGINE_SCREENS: Record<Kind, () => Promise<unknown>> = {
  GeneratedList: () => import('./GeneratedList'),
  GeneratedCreate: () => import('./GeneratedForm'),
  GeneratedEdit: () => import('./GeneratedForm'),
  GeneratedShow: () => import('./GeneratedForm'),
};

/** Where react-admin shows each generated screen of a resource. */
const PATHS: Record<Kind, (name: string) => string> = {
  GeneratedList: (name) => `/${name}`,
  GeneratedCreate: (name) => `/${name}/create`,
  GeneratedEdit: (name) => `/${name}/:id`,
  GeneratedShow: (name) => `/${name}/:id`,
};

/**
 * A generated screen, loaded when first opened (or while the app boots on its path): the engine's
 * screens and the resource's overrides arrive together, so the screen renders once, complete.
 */
function generated(
  kind: Kind,
  definition: ResourceDefinition,
  module: ScreenModule,
  path?: string,
): ComponentType {
  const paths = [PATHS[kind](definition.name), ...(path ? [`/${definition.name}/${path}`] : [])];
  return lazyScreen(paths, async () => {
    const [screens, overrides] = await Promise.all([ENGINE_SCREENS[kind](), module.overrides?.()]);
    const Screen = (
      screens as Record<Kind, ComponentType<{ definition: ResourceDefinition; overrides?: ScreenOverrides }>>
    )[kind];
    // A sortable list's drag and drop, fetched before the screen shows: it renders once, with its grips.
    if (kind === 'GeneratedList' && overrides?.default.list?.sortable) await dragOrderModule();
    const Loaded = () => <Screen definition={definition} overrides={overrides?.default} />;
    Loaded.displayName = `${kind}(${definition.name})`;
    return { default: Loaded };
  });
}

/** A screen at a path under its resource's. */
function routeTo(path: string, Screen: ComponentType): ReactElement {
  return <Route key={path} path={path} element={<Screen />} />;
}

/** The props spread into <Resource>: list, create and edit generated from the definition, as its access allows. */
export function resourceProps(
  definition: ResourceDefinition,
  module: ScreenModule = {},
): Omit<ResourceProps, 'name'> & { name: string } {
  const { access } = definition;
  const { paths = {} } = module;
  // No generated list where a hand-written one takes the resource's path and none other is asked for.
  const list =
    access.list && (!module.list || paths.list)
      ? generated('GeneratedList', definition, module, paths.list)
      : undefined;
  const create =
    module.create ?? (access.create ? generated('GeneratedCreate', definition, module) : undefined);
  const editScreen = definition.screens?.edit;
  const edit =
    module.edit ??
    (editScreen === 'show'
      ? generated('GeneratedShow', definition, module, paths.edit)
      : access.update && editScreen !== false
        ? generated('GeneratedEdit', definition, module, paths.edit)
        : undefined);
  const children = [
    ...(paths.list && list ? [routeTo(paths.list, list)] : []),
    ...(paths.edit && edit ? [routeTo(paths.edit, edit)] : []),
    ...(module.routes ?? []),
  ];
  return {
    name: definition.name,
    icon: module.icon,
    options: { label: definition.label.many },
    list: module.list ?? (list && module.permission ? guarded(list, module.permission) : list),
    create,
    edit,
    children: children.length ? children : undefined,
    recordRepresentation: Object.keys(definition.fields).find((f) => definition.fields[f]?.kind === 'text'),
  };
}

/** A screen for the roles that hold `permission` (administrators and managers hold them all). */
function guarded(Screen: ComponentType, permission: Permission): ComponentType {
  const Guarded = () => (
    <RequirePermission permission={permission}>
      <Screen />
    </RequirePermission>
  );
  Guarded.displayName = `Guarded(${Screen.displayName ?? Screen.name})`;
  return Guarded;
}

/** Who a generated resource is for, from its definition's `screens.audience`. */
function isFor(definition: ResourceDefinition, isAdmin: boolean): boolean {
  const audience = definition.screens?.audience ?? 'admin';
  return audience === 'everyone' || (audience === 'admin') === isAdmin;
}

/**
 * The resources whose definition asks for generated screens (`screens`), ready for <Resource>,
 * for one side of the app: administrators, or restaurant staff.
 */
export function generatedResources(
  all: Readonly<Record<string, ResourceDefinition>>,
  modules: Readonly<Record<string, ScreenModule>>,
  isAdmin: boolean,
): (Omit<ResourceProps, 'name'> & { name: string })[] {
  return Object.values(all)
    .filter((definition) => definition.screens && isFor(definition, isAdmin))
    .map((definition) => resourceProps(definition, modules[definition.name]));
}
