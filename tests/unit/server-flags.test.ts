import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags';

describe("the server's Node flags", () => {
  it('are the ones `npm start` runs it with, so that the benchmarks measure what ships', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
    const flags = scripts.start.split(' ').filter((word) => word.startsWith('--') && word !== '--import');
    expect(flags).toEqual([...SERVER_NODE_FLAGS]);
  });
});
