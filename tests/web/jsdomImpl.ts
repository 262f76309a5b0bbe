import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const utils = require('jsdom/lib/jsdom/living/generated/utils.js') as {
  implForWrapper: (wrapper: object) => Record<string, unknown> | null | undefined;
};

/**
 * jsdom's own object behind a node of the page (the one holding its internal state), found
 * through the jsdom that built the page: a shortcut that reads what jsdom keeps but does not
 * expose, for the lookups `setup.ts` makes faster.
 */
export function implOf(node: object): Record<string, unknown> {
  const impl = utils.implForWrapper(node);
  if (!impl) throw new Error('The page is not one this jsdom built.');
  return impl;
}
