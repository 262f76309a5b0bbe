import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

/**
 * The API reference as an outside linter reads it: Redocly's `recommended` rules, the ones a
 * partner's tooling is likely to run on the document before generating a client from it.
 */
describe('the API reference, linted', () => {
  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: 'openapi.json',
      config,
    });
    // Each problem as one readable line, so that a failure says what to fix and where.
    const lines = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location
          .map((location) => location.pointer)
          .join(', ')})`,
    );
    expect(lines).toEqual([]);
  });
});
