import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
