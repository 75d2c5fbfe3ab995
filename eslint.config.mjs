import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const FRONTEND = './frontend/src';
const frontendFeatures = fs
  .readdirSync(`${FRONTEND}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The frontend's boundaries, as bulletproof-react draws them (issue 17): a feature never imports
 * another feature nor `app/` (it reacts to others through the events of `lib/events.ts`); the
 * shared `lib/` and `ui/` import neither features nor `app/`. Only `app/` composes features.
 */
const frontendZones = [
  ...frontendFeatures.map((feature) => ({
    target: `${FRONTEND}/features/${feature}`,
    from: `${FRONTEND}/features`,
    except: [`./${feature}`],
    message:
      'A feature does not import another feature; put an event in lib/events.ts or a shared piece in lib/ or ui/.',
  })),
  {
    target: `${FRONTEND}/features`,
    from: `${FRONTEND}/app`,
    message: 'A feature does not import app/; shared plumbing lives in lib/.',
  },
  {
    target: [`${FRONTEND}/lib`, `${FRONTEND}/ui`],
    from: [`${FRONTEND}/features`, `${FRONTEND}/app`],
    message: 'lib/ and ui/ are shared: they import neither features nor app/.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'reports/**', '.data/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['frontend/src/**'], languageOptions: { globals: { ...globals.browser } } },
  {
    // Imports resolved the way TypeScript and the workspaces do (`@appointment/*` through their
    // `exports`), so cycles are found across workspaces too.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The workspaces are the project's own code, not external packages, for no-cycle.
      'import-x/internal-regex': '^@appointment/',
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Workspace arrows run one way (docs/architecture.md §2): frontend → contracts;
    // services → projections → contracts. A lower workspace never imports a higher one.
    files: ['contracts/src/**/*.ts', 'projections/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './projections/src',
              from: ['./services/src', './features', './frontend/src'],
              message: 'projections sits below services: it imports contracts and its own files only.',
            },
            {
              target: './projections/src',
              from: './infra/src',
              except: ['./testing'],
              message: 'projections imports only the test helpers of infra (infra/src/testing).',
            },
            {
              target: './contracts/src',
              from: ['./services/src', './projections/src', './features', './frontend/src', './infra/src'],
              message: 'contracts is the lowest workspace: it imports no other workspace.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: frontendZones }] },
  },
  {
    // Issue 17, steps that speak the product: a step file drives the API through the drivers
    // (features/drivers, one per area), imports no other step file, and reads no table.
    files: ['features/steps/**/*.ts', 'features/drivers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*.steps', '../steps/*', '**/steps/*'],
              message:
                'A step file imports no other step file: share what both need through features/drivers or features/support.',
            },
            {
              group: [
                'pg',
                'pg-*',
                '@appointment/infra/testing/postgres',
                '@appointment/projections/*',
                '@appointment/services/*',
              ],
              message: 'Steps read no tables: call the API as a client does, through features/drivers.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='pool']",
          message: 'Steps read no tables: call the API as a client does, through features/drivers.',
        },
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'Steps send no SQL: call the API as a client does, through features/drivers.',
        },
        {
          selector: 'Literal[value=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/]',
          message: 'Steps send no SQL: call the API as a client does, through features/drivers.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/]',
          message: 'Steps send no SQL: call the API as a client does, through features/drivers.',
        },
      ],
    },
  },
  prettier,
);
