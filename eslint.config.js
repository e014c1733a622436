import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverMessages = {
  name: '@shared/messages',
  message: 'The browser reads @shared/client-messages: messages.ts adds server-only texts.',
};

/**
 * The server's services by domain (docs/architecture.md, "Services by domain"), each with the
 * other rooms it may reach besides itself. Infrastructure knows no domain; a domain reaches
 * only those below it, so a new room (dispatch, collections) states its arrows here.
 */
const SERVICE_ARROWS = {
  infra: ['db', 'mail', 'storage'],
  pricing: ['infra', 'db'],
  catalog: ['pricing', 'infra', 'db', 'storage'],
  store: ['infra', 'db', 'storage'],
  companies: ['infra', 'db', 'mail', 'auth'],
  // 'invoicing': a status change queues or undoes the order's invoice (cfe-queue.ts).
  orders: [
    'catalog',
    'pricing',
    'companies',
    'store',
    'infra',
    'db',
    'mail',
    'storage',
    'invoicing',
  ],
  buying: ['orders', 'catalog', 'pricing', 'infra', 'db'],
  accounts: ['orders', 'companies', 'catalog', 'infra', 'db', 'mail', 'auth', 'storage'],
  content: ['infra', 'db', 'mail', 'storage'],
  collections: ['orders', 'companies', 'store', 'infra', 'db', 'mail', 'storage'],
  fulfilment: [
    'collections',
    'invoicing',
    'orders',
    'catalog',
    'companies',
    'store',
    'infra',
    'db',
    'mail',
    'storage',
  ],
  dashboard: ['orders', 'infra', 'db'],
  // Fiscal documents (CFE): the orders and dispatch rooms queue them in their own transactions
  // and the worker reads the tables, so this room reaches none of theirs
  // (docs/decisions/086-invoices-through-a-certified-provider.md).
  invoicing: ['store', 'infra', 'db', 'mail', 'storage'],
};
const SERVICE_DOMAINS = Object.keys(SERVICE_ARROWS);
const ALL_SERVICES = SERVICE_DOMAINS.map((domain) => `services/${domain}`);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'uploads',
      'drizzle',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/client/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // TanStack Router redirects and answers not-found by throwing redirect() / notFound().
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/router-core', name: 'Redirect' },
            { from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // kebab-case file and folder names. Route files are exempt: TanStack Router names them
    // after their URL ('$id', '_store', '__root', dots for nesting).
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/client/routes/**', 'src/client/routeTree.gen.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Features are independent: one may use the shared client folders (components, lib,
    // stores), the order UI of features/orders and src/shared, never another feature's files.
    // Routes compose features; the shared folders know no feature.
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'orders', pattern: 'src/client/features/orders' },
        { type: 'feature', pattern: 'src/client/features/*' },
        { type: 'client-shared', pattern: 'src/client/{components,lib,stores}' },
        { type: 'app', pattern: 'src/client/routes' },
        { type: 'shared', pattern: 'src/shared' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ['app', 'feature', 'orders', 'client-shared', 'shared'] },
                  },
                },
              },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { types: { anyOf: ['orders', 'client-shared', 'shared'] } } },
              },
            },
            {
              from: { element: { types: { anyOf: ['orders', 'client-shared'] } } },
              allow: { to: { element: { types: { anyOf: ['client-shared', 'shared'] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client may know the server only through the AppRouter type, and reads the texts
      // the browser shows (not the server-only ones of shared/messages.ts).
      'no-restricted-imports': [
        'error',
        {
          paths: [serverMessages],
          patterns: [
            {
              group: ['@server/*', '**/server/**'],
              allowTypeImports: true,
              message: 'The client imports the server as a type only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Route files' validateSearch/params ship in the first bundle (docs/decisions/005).
    files: ['src/client/routes/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Parse URL state with shared/schemas/search-params.ts.' },
            serverMessages,
          ],
          patterns: [
            {
              group: ['@server/*', '**/server/**'],
              allowTypeImports: true,
              message: 'The client imports the server as a type only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@server/*', '@client/*', '**/server/**', '**/client/**'],
              message: 'shared/ imports neither client nor server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers, one way (docs/architecture.md, "Folders and their arrows"): routers
    // call services, services reach the database; HTTP routes and pages call services, never
    // routers or tables; only the app router (trpc/router.ts) imports the routers.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/trpc/router.ts', 'src/server/routers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/routers/**', '@server/routers/*'],
              message: 'Only the app router (src/server/trpc/router.ts) imports the routers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'trpc', pattern: 'src/server/trpc' },
        { type: 'routers', pattern: 'src/server/routers' },
        ...SERVICE_DOMAINS.map((domain) => ({
          type: `services/${domain}`,
          pattern: `src/server/services/${domain}`,
        })),
        { type: 'seed', pattern: 'src/server/seed' },
        { type: 'db', pattern: 'src/server/db' },
        { type: 'http', pattern: 'src/server/http' },
        { type: 'ssr', pattern: 'src/server/ssr' },
        { type: 'ops', pattern: 'src/server/ops' },
        { type: 'auth', pattern: 'src/server/auth' },
        { type: 'storage', pattern: 'src/server/storage' },
        { type: 'mail', pattern: 'src/server/mail' },
        { type: 'pdf', pattern: 'src/server/pdf' },
        { type: 'shared', pattern: 'src/shared' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            [
              'core',
              [
                'core',
                'app-router',
                'trpc',
                ...ALL_SERVICES,
                'seed',
                'db',
                'http',
                'ssr',
                'ops',
                'auth',
                'storage',
                'mail',
                'pdf',
              ],
            ],
            // trpc/router.ts is the app router; the rule below keeps the routers its own.
            ['trpc', ['trpc', 'routers', 'auth']],
            ['routers', ['trpc', ...ALL_SERVICES, 'auth']],
            ...Object.entries(SERVICE_ARROWS).map(([domain, reaches]) => [
              `services/${domain}`,
              [domain, ...reaches].map((to) =>
                SERVICE_DOMAINS.includes(to) ? `services/${to}` : to,
              ),
            ]),
            ['seed', ['seed', 'db', ...ALL_SERVICES, 'storage', 'auth']],
            ['db', ['db']],
            ['http', ['http', ...ALL_SERVICES, 'auth', 'storage', 'pdf']],
            ['ssr', ['ssr', 'trpc', ...ALL_SERVICES, 'auth', 'http', 'ops']],
            ['ops', ['ops', 'db', ...ALL_SERVICES]],
            ['auth', ['auth', 'db']],
            ['storage', ['storage']],
            // A secret link's token is made when its mail is sent (services/accounts/secret-links.ts).
            [
              'mail',
              [
                'mail',
                'db',
                'pdf',
                'services/store',
                'services/orders',
                'services/accounts',
                'services/fulfilment',
                'services/invoicing',
              ],
            ],
            ['pdf', ['pdf', 'services/orders', 'services/fulfilment', 'services/invoicing']],
          ].map(([from, to]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: [...to, 'shared'] } } } },
          })),
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through src/server/config.ts.',
        },
      ],
    },
  },
);
