import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The walls between the three folders (docs/ARCHITECTURE.md, "The contract"): contract/ is what
 * both halves read, so it runs in the browser and in Node alike and imports neither half; the
 * server and the web app meet only there.
 */
const fromSrc = {
  regex: '^(\\.\\./)+src(/|$)',
  message:
    'O servidor e o contrato não importam de src/ (o app web): o que as duas metades leem fica em contract/.',
};
const fromServer = {
  regex: '^(\\.\\./)+server(/|$)',
  message: 'O app web e o contrato não importam de server/: o que as duas metades leem fica em contract/.',
};
const screens = {
  group: [
    'react',
    'react/*',
    'react-*',
    'ra-*',
    '@mui/*',
    '@emotion/*',
    '@testing-library/*',
    '@tanstack/*',
    '@dnd-kit/*',
    'recharts',
  ],
  message: 'contract/ não importa React, MUI, react-admin nem bibliotecas de tela: o servidor também o lê.',
};
const nodeOnly = {
  group: ['node:*'],
  message: 'contract/ não importa módulos do Node: o navegador também o lê.',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'server/db/migrations', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', '*.config.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['contract/**/*.ts'],
    languageOptions: { globals: globals['shared-node-browser'] },
    rules: {
      'no-restricted-imports': ['error', { patterns: [screens, nodeOnly, fromSrc, fromServer] }],
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'require', '__dirname', '__filename', 'window', 'document'].map((name) => ({
          name,
          message: 'contract/ roda no navegador e no Node: nada que só um dos dois tem.',
        })),
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [fromSrc] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [fromServer] }] },
  },
  {
    // The guest page (docs/guest-page.md) ships in 100 kB: React, its own folder, and the three
    // pure files of the contract it reads. Nothing of the back-office (react-admin, MUI, Emotion,
    // zod, the resources' definitions) may reach it, not even through a type.
    files: ['src/guest/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(?!\\./|react$|react-dom/client$|\\.\\./\\.\\./contract/(resources/orderEntry/rules|resources/guest/paths|lib/format)(\\.ts)?$)',
              message:
                'A página da mesa importa só React, a própria pasta e, do contrato, orderEntry/rules, guest/paths e lib/format: o resto pesa no primeiro acesso do cliente.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
