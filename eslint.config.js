import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * Import rules (docs/architecture.md): no import circles anywhere, and each layer imports only the
 * layers below it. Paths are relative to this file.
 */
const server = './apps/server/src';
const web = './apps/web/src';

/** Server modules, lowest first: a module may import only the modules before it. */
const MODULE_ORDER = [
  'organize',
  'authorize',
  'file',
  'system',
  'permission',
  'oauth',
  'home',
  'feedback',
  'message',
  'socket',
  'visualdev',
  'workflow',
];

/** What sits above the modules: the app, the process entry, the demo seed and the test harness. */
const aboveModules = [`${server}/app.ts`, `${server}/main.ts`, `${server}/seed`, `${server}/ops`, `${server}/testing`];
const modules = MODULE_ORDER.map((name) => `${server}/modules/${name}`);

const dbZone = {
  target: `${server}/db`,
  from: [`${server}/core`, `${server}/modules`, ...aboveModules],
  message: 'db/ is the bottom layer: it imports neither core/ nor modules/.',
};

const serverZones = [
  {
    target: `${server}/core`,
    from: [`${server}/modules`, ...aboveModules],
    message: 'core/ imports no module: a module registers itself with core instead.',
  },
  ...MODULE_ORDER.map((name, i) => ({
    target: `${server}/modules/${name}`,
    from: [...modules.slice(i + 1), ...aboveModules],
    message: `Module order is ${MODULE_ORDER.join(' < ')}: ${name} may import only modules before it.`,
  })),
  {
    target: `${server}/seed`,
    from: [`${server}/app.ts`, `${server}/main.ts`, `${server}/testing`],
    message: 'The seed writes through db, core and the modules, never through the app.',
  },
];

const webZones = [
  {
    target: `${web}/api`,
    from: [
      `${web}/stores`,
      `${web}/socket`,
      `${web}/access`,
      `${web}/keep-alive`,
      `${web}/components`,
      `${web}/layouts`,
      `${web}/views`,
    ],
    message: 'api/ calls the server and nothing else of the app: stores bind themselves to it.',
  },
  {
    target: `${web}/stores`,
    from: [`${web}/access`, `${web}/keep-alive`, `${web}/components`, `${web}/layouts`, `${web}/views`],
    message: 'stores/ hold state; screens and components read them, not the other way.',
  },
  {
    target: `${web}/socket`,
    from: [`${web}/components`, `${web}/layouts`, `${web}/views`],
    message: 'socket/ feeds stores; it knows no screen.',
  },
  {
    target: `${web}/components`,
    from: [`${web}/layouts`, `${web}/views`],
    message: 'A shared component imports no layout and no view: move what views share into components/ or api/.',
  },
  {
    target: `${web}/layouts`,
    from: [`${web}/views`],
    message: 'Layouts import no view: the router puts views into layouts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The form bench page (bench/form-page) runs in the browser with React, like the web app.
    files: ['apps/web/**/*.{ts,tsx}', 'bench/form-page/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Resolves relative imports with their .ts/.tsx extensions and the workspace packages
    // (@atrium/shared, @atrium/server/...) through their package.json exports.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Type-only imports are erased by the compiler and are not followed: the layer zones below
      // catch those that cross a layer the wrong way.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Layer rules bind the product code; tests and test harnesses may reach any layer they test.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing.ts', 'apps/server/src/testing/**', 'apps/web/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [dbZone, ...serverZones, ...webZones] },
      ],
    },
  },
  {
    // Known exception: these migrations build the search indexes the modules declare (the
    // columns searched belong to the module that owns the table).
    files: ['apps/server/src/db/migrations/015-search-index.ts', 'apps/server/src/db/migrations/017-search-text.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [{ ...dbZone, from: dbZone.from.filter((from) => from !== `${server}/modules`) }],
        },
      ],
    },
  },
);
