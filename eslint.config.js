// Lint: typescript-eslint's recommended rules plus the import directions of DESIGN.md §4, for
// package names (no-restricted-imports) and relative paths (srm/import-zones).
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importZones from './scripts/eslint-import-zones.js';

/** Node's built-in modules: every one of them does or enables I/O. */
const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'worker_threads',
  'async_hooks',
];
const ioPackages = [
  'pg',
  'pg/*',
  '@electric-sql/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'fastify',
  'fastify/*',
  '@fastify/*',
  'nodemailer',
  'pg-boss',
  'exceljs',
];
const browserPackages = ['react', 'react/*', 'react-dom', 'react-dom/*', 'antd', 'antd/*', '@ant-design/*'];

/** Every workspace package: a relative import never leaves the one it is in. */
const workspaces = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).workspaces;

/** What another area may import of an area: its index, its server part and its manifests. */
const areaPublicFiles = ['index', 'server', 'area', 'area.server', 'area.screens'];

/**
 * Exceptions to the rule, [from area, to area, file name without extension]: none. What areas
 * share goes to the area's public files or to the platform.
 */
const crossAreaImports = [];

/** A `no-restricted-imports` rule forbidding the given module patterns, with a reason. */
function forbid(patterns, message) {
  return {
    'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  // Relative imports: inside their package, and across business areas through public files only.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { srm: importZones },
    rules: {
      'srm/import-zones': [
        'error',
        {
          packages: workspaces,
          areasRoot: 'packages/domain/src',
          publicFiles: areaPublicFiles,
          allow: crossAreaImports,
        },
      ],
    },
  },
  {
    files: [
      'apps/web/**/*.{ts,tsx}',
      'packages/platform-ui/**/*.{ts,tsx}',
      'packages/domain/**/*.tsx',
      'packages/domain/**/*screens.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  // kernel: isomorphic, no I/O, no other workspace package.
  {
    files: ['packages/kernel/**/*.ts'],
    rules: forbid(
      ['@srm/*', ...nodeBuiltins, ...ioPackages, ...browserPackages],
      'packages/kernel is isomorphic and does no I/O: it imports no other workspace package, no Node built-in, no server or browser library (DESIGN.md §4).',
    ),
  },
  // db: the connection layer; it knows nothing of the engine or the business.
  {
    files: ['packages/db/**/*.ts'],
    rules: forbid(
      ['@srm/*', ...browserPackages],
      'packages/db is the connection and migration layer: it imports no other workspace package (DESIGN.md §4, docs/adr/0001).',
    ),
  },
  // platform: the server engine; kernel and db only, never the business or the browser.
  {
    files: ['packages/platform/**/*.ts'],
    rules: forbid(
      [
        '@srm/domain',
        '@srm/domain/*',
        '@srm/platform-ui',
        '@srm/platform-ui/*',
        '@srm/server',
        '@srm/web',
        ...browserPackages,
      ],
      'packages/platform imports @srm/kernel and @srm/db only; the engine never knows a business object (DESIGN.md §4).',
    ),
  },
  // platform-ui: the React toolkit; kernel only.
  {
    files: ['packages/platform-ui/**/*.{ts,tsx}'],
    rules: forbid(
      [
        '@srm/domain',
        '@srm/domain/*',
        '@srm/platform',
        '@srm/platform/*',
        '@srm/db',
        '@srm/db/*',
        '@srm/server',
        '@srm/web',
        ...nodeBuiltins,
        ...ioPackages,
      ],
      'packages/platform-ui imports @srm/kernel only; the web bundle never pulls in server code (DESIGN.md §4).',
    ),
  },
  // domain: never the applications (its tests compose the platform with its areas through
  // @srm/platform/testing); the blocks below narrow this per kind of file.
  {
    files: ['packages/domain/**/*.{ts,tsx}'],
    rules: forbid(
      ['@srm/server', '@srm/server/*', '@srm/web', '@srm/web/*'],
      'The business areas never import an application: their tests start the platform with their areas (`startTestServer({ areas })` from @srm/platform/testing) (DESIGN.md §4).',
    ),
  },
  // domain: entity definitions and locales are isomorphic (kernel only) ...
  {
    files: ['packages/domain/**/*.entity.ts', 'packages/domain/**/index.ts'],
    rules: forbid(
      [
        '@srm/platform',
        '@srm/platform/*',
        '@srm/platform-ui',
        '@srm/platform-ui/*',
        '@srm/db',
        '@srm/db/*',
        '@srm/server',
        '@srm/web',
        ...nodeBuiltins,
        ...ioPackages,
        ...browserPackages,
      ],
      'Entity definitions import @srm/kernel only, so both the server and the web can load them (DESIGN.md §4).',
    ),
  },
  // ... action files are server-side (kernel, platform) ...
  {
    files: [
      'packages/domain/**/*.actions.ts',
      'packages/domain/**/*.seed.ts',
      'packages/domain/**/server.ts',
    ],
    rules: forbid(
      ['@srm/platform-ui', '@srm/platform-ui/*', '@srm/server', '@srm/web', ...browserPackages],
      'Action files run on the server: they may import @srm/kernel and @srm/platform, never UI code (DESIGN.md §4).',
    ),
  },
  // ... and screens (and the areas' screen registries) are browser-side (kernel, platform-ui).
  {
    files: ['packages/domain/**/*.tsx', 'packages/domain/**/screens.ts'],
    rules: forbid(
      [
        '@srm/platform',
        '@srm/platform/*',
        '@srm/db',
        '@srm/db/*',
        '@srm/server',
        ...nodeBuiltins,
        ...ioPackages,
      ],
      'Screens run in the browser: they may import @srm/kernel and @srm/platform-ui, never server code (DESIGN.md §4).',
    ),
  },
  // The web app composes kernel, platform-ui and domain (entities, locales and screens only).
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts'],
    rules: forbid(
      [
        '@srm/platform',
        '@srm/platform/*',
        '@srm/db',
        '@srm/db/*',
        '@srm/server',
        ...nodeBuiltins,
        ...ioPackages,
      ],
      'The web app never imports server code (DESIGN.md §4).',
    ),
  },
);
