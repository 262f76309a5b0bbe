/**
 * The flags of Node's that the server runs with: `npm start` (package.json names them in its
 * script; tests/unit/server-flags.test.ts keeps the two the same) and every benchmark that starts
 * a server, so that what is measured is what ships.
 *
 * A young generation of 64 MiB (V8's default is 16): the server allocates fast (a thousand polls a
 * second), and in a small one short-lived answers outlive a scavenge, are promoted and need the
 * old generation's collection, whose pauses held every request back by up to ~70 ms under
 * `bench:live`. About 50 MiB more resident memory.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
