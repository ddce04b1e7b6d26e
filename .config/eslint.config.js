// ESLint flat config; lives in .config/ because the repo's top level is fixed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import { coreAreaImports } from './coreAreaImports.ts';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'worker_threads',
  'net',
  'tls',
  'http',
  'crypto',
];
const runtimeLibs = [
  'electron',
  'react',
  'react-dom',
  'react-dom/*',
  'ldapts',
  'better-sqlite3',
  'echarts',
  'ws',
  'hdr-histogram-js',
];

/**
 * Each area of src/core (a first-level folder) and the areas it may import, lowest first: an area
 * may name only areas listed before it, so areas never import each other in a circle (npm run lint's
 * cycle check also proves it on the code). base is the floor and imports nothing of core; app only
 * composes and nothing of core imports it. '*' means every area but app. Tests are exempt.
 */
const CORE_AREAS = {
  base: [], // version, resources, small files, paths, shared math
  ldif: ['base'],
  pattern: ['base'], // the value-pattern language of workloads and makeldif templates
  responder: ['base'], // the built-in LDAP responder and its BER
  secrets: ['base'],
  metrics: ['base'],
  ldap: ['base', 'ldif', 'responder'],
  monitor: ['base', 'ldap'],
  datagen: ['base', 'ldif', 'pattern'],
  workload: ['base', 'datagen', 'ldap', 'ldif', 'pattern'],
  loadgen: ['base', 'datagen', 'ldap', 'workload'],
  runner: ['base', 'ldap', 'loadgen', 'workload'],
  capacity: ['loadgen'], // the capacity search's pure logic: SLOs on a step, the searches, USL, Little's law
  lab: ['base', 'datagen', 'ldap', 'ldif', 'monitor', 'workload'],
  broker: ['base', 'lab'],
  agents: ['base', 'broker', 'loadgen', 'runner', 'workload'],
  replication: ['base', 'lab', 'ldap', 'responder'],
  store: ['base', 'broker', 'lab', 'loadgen', 'secrets'],
  runs: [
    'base',
    'agents',
    'datagen',
    'lab',
    'ldap',
    'monitor',
    'replication',
    'runner',
    'store',
    'workload',
  ],
  import: ['base', 'loadgen', 'store'],
  matrix: ['base', 'lab', 'runs', 'store', 'workload'],
  reference: ['base', 'workload'],
  report: ['base', 'loadgen', 'matrix', 'runner', 'store'],
  api: [
    'base',
    'agents',
    'broker',
    'import',
    'lab',
    'ldap',
    'matrix',
    'reference',
    'report',
    'runs',
    'store',
    'workload',
  ],
  testing: ['*'], // test support
  app: ['*'], // the composition root
};

// Function size: a warning above 80 lines, an error above 120. One rule has one severity, so the
// error is the same built-in rule registered again under a local name.
const functionLines = (max) => ({ max, skipBlankLines: true, skipComments: true });
const productCode = ['src/**', 'electron/**'];
const notProductCode = ['**/*.test.ts', '**/*.test.tsx', 'src/core/testing/**', 'e2e/**'];

/** Forbids the given module patterns with a message naming the layer rule. */
const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // `res: void` is how the API contract says a channel answers nothing.
      '@typescript-eslint/no-invalid-void-type': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: productCode,
    ignores: notProductCode,
    plugins: {
      size: { rules: { 'max-lines-per-function': builtinRules.get('max-lines-per-function') } },
    },
    rules: {
      'max-lines-per-function': ['warn', functionLines(80)],
      'size/max-lines-per-function': ['error', functionLines(120)],
    },
  },
  {
    files: ['src/shared/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...forbid(
        [
          ...nodeBuiltins,
          ...runtimeLibs.filter((lib) => lib !== 'echarts'),
          '**/core/**',
          '**/host/**',
          '**/cli/**',
          '**/renderer/**',
          '**/electron/**',
        ],
        'src/shared is the contract: it imports nothing runtime-specific and no other layer.',
      ),
      // Chart options are built once in shared for the UI and the headless exports: ECharts types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['echarts', 'echarts/*'],
              allowTypeImports: true,
              message: 'src/shared may use ECharts types, never its runtime.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**'],
    rules: forbid(
      [
        'electron',
        'react',
        'react-dom',
        'react-dom/*',
        'echarts/core',
        '**/host/**',
        '**/cli/**',
        '**/renderer/**',
        '**/electron/**',
      ],
      'src/core is plain Node: no electron, react, DOM or host code.',
    ),
  },
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage'],
    },
  },
  {
    files: ['src/core/**'],
    plugins: { dirbench: { rules: { 'core-area-imports': coreAreaImports } } },
    rules: { 'dirbench/core-area-imports': ['error', { areas: CORE_AREAS }] },
  },
  {
    files: ['src/host/**', 'src/cli/**'],
    rules: forbid(
      ['electron', 'react', 'react-dom', '**/renderer/**', '**/electron/**'],
      'Hosts use core and shared, never electron or the renderer.',
    ),
  },
  {
    files: ['src/renderer/**'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(
        [
          ...nodeBuiltins,
          'electron',
          'ldapts',
          'better-sqlite3',
          'ws',
          '**/core/**',
          '**/host/**',
          '**/cli/**',
          '**/electron/**',
        ],
        'The renderer talks only to the typed API client: no node modules, core or host code.',
      ),
    },
  },
  {
    files: ['electron/**'],
    rules: forbid(
      ['react', 'react-dom', '**/renderer/**', '**/cli/**', '**/host/**'],
      'electron/ is a host: it uses core and shared only.',
    ),
  },
);
