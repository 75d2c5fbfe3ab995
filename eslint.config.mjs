import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

const FRONTEND = './frontend/src';
const frontendFeatures = fs
  .readdirSync(`${FRONTEND}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The frontend's boundaries, as bulletproof-react draws them: a feature never imports
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
    // The browser talks to the server over HTTP and the socket only: the contracts are the one
    // workspace both sides share.
    target: FRONTEND,
    from: ['./services/src', './projections/src', './infra/src', './features'],
    message:
      'The frontend imports no server code (services, projections, infra, scenarios): only @appointment/contracts is shared.',
  },
  {
    target: [`${FRONTEND}/lib`, `${FRONTEND}/ui`],
    from: [`${FRONTEND}/features`, `${FRONTEND}/app`],
    message: 'lib/ and ui/ are shared: they import neither features nor app/.',
  },
];

/**
 * What each styled component of the frontend renders (`const Label = styled.label`, or
 * `styled(Base)` of one that does), so jsx-a11y checks `<Label>` as it checks `<label>`. A name
 * given to different elements in different files, or also imported from a package (react-router's
 * `Link`), is left out rather than guessed.
 */
const styledElements = (() => {
  const declared = new Map();
  const imported = new Set();
  const files = fs.readdirSync(FRONTEND, { recursive: true, withFileTypes: true });
  for (const file of files.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))) {
    const text = fs.readFileSync(`${file.parentPath}/${file.name}`, 'utf8');
    for (const [, name, tag, base] of text.matchAll(/const (\w+) = styled(?:\.(\w+)|\((\w+)\))/g)) {
      declared.set(name, [...(declared.get(name) ?? []), tag ?? base]);
    }
    for (const [, names] of text.matchAll(/import\s+(?:type\s+)?([^;]*?)\s+from\s+'[^.'][^']*'/g)) {
      for (const name of names.match(/\w+/g) ?? []) imported.add(name);
    }
  }
  const elementOf = (name, seen = new Set()) => {
    const targets = new Set(declared.get(name) ?? []);
    if (targets.size !== 1 || seen.has(name) || imported.has(name)) return undefined;
    const [target] = targets;
    return /^[a-z]/.test(target) ? target : elementOf(target, new Set([...seen, name]));
  };
  return Object.fromEntries(
    [...declared.keys()].map((name) => [name, elementOf(name)]).filter(([, element]) => element),
  );
})();

/**
 * What a decider may not import because it reaches outside the process: files, the network,
 * timers and processes (Node's modules, with or without `node:`), and the packages that talk to
 * PostgreSQL, HTTP, Redis, queues, sockets, Kafka, EventStoreDB, mail or the log. A name matches
 * the module and its subpaths (`pg`, `pg/lib/…`); `*` in a package name stands for any characters.
 */
const NODE_IO = [
  'fs',
  'net',
  'tls',
  'dgram',
  'dns',
  'http',
  'https',
  'http2',
  'child_process',
  'cluster',
  'worker_threads',
  'readline',
  'timers',
  'inspector',
  'repl',
];
const PACKAGES_IO = [
  'pg',
  'pg-*',
  'express',
  'express-*',
  'helmet',
  'multer',
  'ioredis',
  'redis',
  'rate-limit-redis',
  'bullmq',
  'socket.io',
  'socket.io-*',
  '@socket.io/*',
  'kafkajs',
  '@eventstore/*',
  'nodemailer',
  'undici',
  'node-fetch',
  'axios',
  'pino',
  'pino-*',
];
const asPattern = (name) => name.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
const DECIDER_IO_REGEX = `^(?:(?:node:)?(?:${NODE_IO.join('|')})|${PACKAGES_IO.map(asPattern).join('|')})(?:/.*)?$`;

/** What makes a decider decide differently on a retry: a clock, chance, a fresh id. */
const NOT_DETERMINISTIC =
  'A decider is deterministic: a retry after a lost race decides again and must decide the same; take the time and ids from the command.';

export default tseslint.config(
  {
    // Build output and reports are not linted (nor read for types).
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'reports/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
    ],
  },
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
    // Promises are awaited, returned or explicitly `void`ed with a reason; an async function is
    // never passed where its rejection would be dropped (an Express handler, an event listener).
    // These rules need types: the project service finds each file's tsconfig (the root one, or
    // frontend's), and only TypeScript sources are read this way.
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    settings: { 'jsx-a11y': { components: styledElements } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A router link (`<CrumbLink as={Link} to=…>`) gets its href from `to`.
      'jsx-a11y/anchor-is-valid': ['error', { specialLink: ['to'] }],
      // A labelled region that scrolls is in the tab order so the keyboard can scroll it (axe's
      // scrollable-region-focusable); other non-interactive elements stay out of it.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
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
    // Steps that speak the product: a step file drives the API through the drivers
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
  {
    // Deciders are pure (docs/architecture.md §9): a command and the state its stream folds to
    // in, events out. A retry after a lost race runs `decide` again, so a decider that read a
    // clock, a table or the network would decide differently the second time. A decider (and the
    // state file it folds, `*.state.ts`) imports the contracts, the kernel in services/src/domain
    // (the Decider type, the error classes), other deciders and pure computation: nothing that
    // reaches outside the process.
    files: ['**/*.decider.ts', 'services/src/**/*.state.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:crypto', 'crypto'].map((name) => ({
            name,
            importNames: ['randomUUID', 'randomBytes', 'randomInt', 'getRandomValues'],
            message: NOT_DETERMINISTIC,
          })),
          patterns: [
            {
              regex: DECIDER_IO_REGEX,
              message:
                'A decider does no I/O: the use case around it reads, writes and sends; the decider only decides.',
            },
            {
              group: ['@appointment/contracts/event-store', '@appointment/contracts/clock'],
              message:
                'A decider reads neither the event store nor a clock: the command handler folds the stream, and the time arrives in the command (metadata.now).',
            },
            {
              regex: '^@appointment/(?:services|projections|infra|features)(?:/|$)',
              message:
                'A decider imports the contracts, the kernel in services/src/domain and other deciders only; read models and infrastructure stay in the use case.',
            },
            {
              // Relative imports: only the kernel, another decider or a decider's state file;
              // never the services' I/O folders (eventstore/, jobs/, http/, mail/, realtime/, …)
              // nor the configuration.
              regex: '^\\.(?!.*(?:\\.decider|\\.state|/domain/command-handler|/domain/errors)$)',
              message:
                'A decider imports from services only the kernel (domain/command-handler, domain/errors), other deciders and *.state files.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'process', 'setTimeout', 'setInterval', 'setImmediate', 'console'].map((name) => ({
          name,
          message: 'A decider does no I/O and reads no environment: it returns events or throws.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: NOT_DETERMINISTIC },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: NOT_DETERMINISTIC,
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: NOT_DETERMINISTIC,
        },
      ],
    },
  },
  prettier,
);
