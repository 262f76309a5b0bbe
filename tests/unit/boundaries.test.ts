/**
 * The walls between contract/, server/ and src/ (eslint.config.js; docs/ARCHITECTURE.md, "The
 * contract"), run through ESLint as `npm run lint` runs it: each wall refuses what crosses it, and a
 * contract file that keeps to its side passes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rules that refuse `code` as the file `filePath` (from the project's root), with their words. */
async function refusals(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((message) => ({ rule: message.ruleId, text: message.message }));
}

const refusedImport = (text: RegExp) => ({
  rule: 'no-restricted-imports',
  text: expect.stringMatching(text),
});

describe('the contract folder', () => {
  it('refuses React, MUI, react-admin and the testing library', async () => {
    for (const from of [
      'react',
      'react-dom/client',
      '@mui/material',
      'react-admin',
      'ra-core',
      '@testing-library/react',
    ]) {
      expect(
        await refusals(`import * as screen from '${from}';\nexport const used = screen;\n`, 'contract/x.ts'),
        from,
      ).toEqual([refusedImport(/não importa React/)]);
    }
  });

  it('refuses a type-only import of React too', async () => {
    expect(
      await refusals(
        "import type { ReactNode } from 'react';\nexport type Shown = ReactNode;\n",
        'contract/resources/products/definition.ts',
      ),
    ).toEqual([refusedImport(/não importa React/)]);
  });

  it('refuses the web app, the server and Node', async () => {
    expect(
      await refusals(
        "import { fieldText } from '../../../src/lib/display';\nexport const shown = fieldText;\n",
        'contract/resources/products/definition.ts',
      ),
    ).toEqual([refusedImport(/não importam de src\//)]);
    expect(
      await refusals(
        "import { config } from '../server/config';\nexport const used = config;\n",
        'contract/x.ts',
      ),
    ).toEqual([refusedImport(/não importam de server\//)]);
    expect(
      await refusals("import fs from 'node:fs';\nexport const used = fs;\n", 'contract/lib/x.ts'),
    ).toEqual([refusedImport(/módulos do Node/)]);
    expect(await refusals('export const home = process.env.HOME;\n', 'contract/lib/x.ts')).toEqual([
      { rule: 'no-restricted-globals', text: expect.stringMatching(/navegador e no Node/) },
    ]);
  });

  it('passes a file that imports zod and the rest of the contract', async () => {
    expect(
      await refusals(
        [
          "import { z } from 'zod';",
          "import { defineResource } from '../../define';",
          "import { onlyDigits } from '../../lib/format';",
          'export const shape = z.object({ code: z.string().transform(onlyDigits) });',
          'export const define = defineResource;',
          '',
        ].join('\n'),
        'contract/resources/x/definition.ts',
      ),
    ).toEqual([]);
  });
});

describe('the two halves', () => {
  it('refuses a server file that imports the web app', async () => {
    expect(
      await refusals(
        "import { theme } from '../src/layout/theme';\nexport const used = theme;\n",
        'server/x.ts',
      ),
    ).toEqual([refusedImport(/não importam de src\//)]);
    expect(
      await refusals(
        "import { customers } from '../../src/resources/customers';\nexport const used = customers;\n",
        'server/routes/x.ts',
      ),
    ).toEqual([refusedImport(/não importam de src\//)]);
  });

  it('refuses a web file that imports the server', async () => {
    expect(
      await refusals(
        "import { config } from '../../server/config';\nexport const used = config;\n",
        'src/components/x.ts',
      ),
    ).toEqual([refusedImport(/não importam de server\//)]);
  });

  it('lets both halves import the contract', async () => {
    expect(
      await refusals(
        "import { definitions } from '../../contract/definitions';\nexport const used = definitions;\n",
        'server/routes/x.ts',
      ),
    ).toEqual([]);
    expect(
      await refusals(
        "import { definitions } from '../../contract/definitions';\nexport const used = definitions;\n",
        'src/components/x.ts',
      ),
    ).toEqual([]);
  });
});

describe('the guest page', () => {
  const guestFile = 'src/guest/x.tsx';
  const guestWall = refusedImport(/página da mesa importa só React/);

  it('refuses react-admin, MUI, Emotion, zod, the definitions and the rest of the web app', async () => {
    for (const from of [
      'react-admin',
      '@mui/material',
      '@emotion/react',
      'zod',
      'date-fns',
      '../../contract/definitions',
      '../../contract/resources/guest/definition',
      '../lib/session',
      '../../server/config',
    ]) {
      expect(
        await refusals(`import * as heavy from '${from}';\nexport const used = heavy;\n`, guestFile),
        from,
      ).toEqual([guestWall]);
    }
  });

  it('refuses a type-only import from the definitions too', async () => {
    expect(
      await refusals(
        "import type { Order } from '../../contract/resources/tabs/definition';\nexport type Used = Order;\n",
        guestFile,
      ),
    ).toEqual([guestWall]);
  });

  it('passes React, its own folder and the three pure files of the contract', async () => {
    expect(
      await refusals(
        [
          "import { useState } from 'react';",
          "import { createRoot } from 'react-dom/client';",
          "import { formatCents } from '../../contract/lib/format';",
          "import { checkLine } from '../../contract/resources/orderEntry/rules';",
          "import { GUEST_PATHS } from '../../contract/resources/guest/paths';",
          "import { Sheet } from './Sheet';",
          "import './guest.css';",
          'export const used = [useState, createRoot, formatCents, checkLine, GUEST_PATHS, Sheet];',
          '',
        ].join('\n'),
        guestFile,
      ),
    ).toEqual([]);
  });
});
