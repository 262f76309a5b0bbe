import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-client-'));
});
afterAll(async () => {
  await t?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** A partner's code, typed from the generated client: a page of cuisines, and a refusal's message. */
const RIGHT = `
import type { operations, paths } from './painel-api';

type CuisinePage = paths['/api/cousines']['get']['responses'][200]['content']['application/json'];
export const names = (page: CuisinePage): string[] => page.data.results.map((cuisine) => cuisine.name);

type CuisineRefused = operations['getCuisine']['responses'][404]['content']['application/json'];
export const reason = (refused: CuisineRefused): string => refused.error.message;

type NewCuisine = operations['createCuisine']['requestBody'];
export const body: NonNullable<NewCuisine>['content']['application/json'] = { name: 'Mineira' };
`;

/** The same code, wrong: a name read as a number, and a field the record does not have. */
const WRONG = `
import type { paths } from './painel-api';

type CuisinePage = paths['/api/cousines']['get']['responses'][200]['content']['application/json'];
export const ids = (page: CuisinePage): number[] => page.data.results.map((cuisine) => cuisine.name);
export const labels = (page: CuisinePage) => page.data.results.map((cuisine) => cuisine.nome);
`;

function diagnosticsOf(program: ts.Program, file: string): string[] {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} não foi lido pelo compilador.`);
  return ts
    .getPreEmitDiagnostics(program, source)
    .map(
      (diagnostic) =>
        `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    );
}

describe('a TypeScript client generated from the API reference', () => {
  it('types what the API answers, and refuses code that reads it wrong', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const generated = astToString(await openapiTS(response.json<OpenAPI3>()));
    const files = {
      api: path.join(folder, 'painel-api.ts'),
      right: path.join(folder, 'right.ts'),
      wrong: path.join(folder, 'wrong.ts'),
    };
    fs.writeFileSync(files.api, generated);
    fs.writeFileSync(files.right, RIGHT);
    fs.writeFileSync(files.wrong, WRONG);

    const program = ts.createProgram([files.api, files.right, files.wrong], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      // Only these files: none of the project's @types.
      types: [],
    });
    expect(diagnosticsOf(program, files.api)).toEqual([]);
    expect(diagnosticsOf(program, files.right)).toEqual([]);
    const wrong = diagnosticsOf(program, files.wrong);
    // 2322: a string where a number is expected; 2339: no such property.
    expect(wrong.map((line) => line.slice(0, 'TS0000'.length)).sort()).toEqual(['TS2322', 'TS2339']);
  });
});
