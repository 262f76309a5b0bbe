/**
 * The web app's build, when a start builds it meanwhile (scripts/start.ts): the server opens (and
 * on a first start creates) its database while the build runs, and waits for it only before it
 * reads the built app. Without a build under way, nothing to wait for.
 */
let building: Promise<unknown> = Promise.resolve();

export function buildingWeb(build: Promise<unknown>): void {
  building = build;
}

export function webBuilt(): Promise<unknown> {
  return building;
}
