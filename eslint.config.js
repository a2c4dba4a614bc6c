// Lint rules that keep the architecture honest (see ARCHITECTURE.md in the project docs):
// imports flow core -> worker -> store -> ui -> content -> app, never back, and the engine in
// src/core never touches real time, randomness, React or the DOM.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A file `depth` folders below src/ reaches another layer with exactly `depth` leading `../`
// (src/core/grading/x.ts -> ../../store/y). Deeper or shallower paths stay inside its own layer.
const restrictAt = (name, depth, bannedLayers, bannedPackages) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./){${depth}}(${bannedLayers.join('|')})(/|$)`,
          message: `${name} must not import ${bannedLayers.join(', ')}: imports flow core -> worker -> store -> ui -> content -> app, never back.`,
        },
        ...bannedPackages.map((p) => ({
          regex: `^${p.replace('/', '\\/')}(/|$)`,
          message: `${name} must not import ${p}.`,
        })),
      ],
    },
  ],
});

/** Config blocks banning imports of other layers from src/<layer>/ at every folder depth. */
const layerRules = (layer, exts, bannedLayers, bannedPackages = [], extraRules = {}) =>
  [1, 2, 3, 4].map((depth) => ({
    files: [`src/${layer}/${'*/'.repeat(depth - 1)}*.${exts}`],
    rules: { ...restrictAt(`src/${layer}`, depth, bannedLayers, bannedPackages), ...extraRules },
  }));

// The lab server's libraries run in Node only; no browser layer may import them (or src/server).
const NODE_ONLY = [
  'fastify',
  '@fastify/static',
  'socket.io',
  '@socket.io/redis-adapter',
  'ioredis',
];

// Names a LabRun goes by (run, r.run, s.compare, mainRun...): other things called `engine`
// (a Lua script engine, socket.io's engine, a bench's results) stay allowed.
const RUN_NAME = '/^(r|run|compare|main|[a-z]+Run)$/';
const engineBan =
  'Read a run through LabRun (decision(i), request(i), production, totals, overLimit): only src/core/lab reads its engine output.';

const timeBan = 'src/core runs on the virtual clock: use the scheduler (core/sim) instead';

export default tseslint.config(
  {
    ignores: ['dist', 'coverage', 'node_modules', 'test-results', 'playwright-report', 'public'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/content/**/*.ts', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...layerRules(
    'core',
    'ts',
    ['worker', 'store', 'ui', 'content', 'app', 'cli', 'server', 'bench'],
    [
      'react',
      'react-dom',
      'zustand',
      'recharts',
      '@monaco-editor/react',
      'monaco-editor',
      ...NODE_ONLY,
    ],
  ),
  {
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: timeBan },
        { name: 'setInterval', message: timeBan },
        { name: 'setImmediate', message: timeBan },
        { name: 'requestAnimationFrame', message: timeBan },
        { name: 'window', message: 'src/core has no DOM.' },
        { name: 'document', message: 'src/core has no DOM.' },
        { name: 'localStorage', message: 'src/core has no DOM.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: timeBan },
        {
          object: 'Math',
          property: 'random',
          message: 'src/core is deterministic: use the seeded generator (core/sim/rng).',
        },
        { object: 'globalThis', property: 'setTimeout', message: timeBan },
        { object: 'globalThis', property: 'setInterval', message: timeBan },
        { object: 'globalThis', property: 'requestAnimationFrame', message: timeBan },
      ],
    },
  },
  // One read model: what a run means comes from LabRun (src/core/lab/labRun.ts). Only
  // src/core/lab reads the engine's raw output under a run; the browser layers never reach it.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/core/lab/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `MemberExpression[property.name='engine'][object.name=${RUN_NAME}]`,
          `MemberExpression[property.name='engine'][object.property.name=${RUN_NAME}]`,
          `VariableDeclarator[init.name=${RUN_NAME}] > ObjectPattern > Property[key.name='engine']`,
        ].map((selector) => ({ selector, message: engineBan })),
      ],
    },
  },
  {
    files: ['src/{ui,content,store,app}/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `MemberExpression[property.name='engine'][object.name=${RUN_NAME}]`,
          `MemberExpression[property.name='engine'][object.property.name=${RUN_NAME}]`,
          `VariableDeclarator[init.name=${RUN_NAME}] > ObjectPattern > Property[key.name='engine']`,
          "ImportSpecifier[imported.name='engineOf']",
        ].map((selector) => ({ selector, message: engineBan })),
      ],
    },
  },
  ...layerRules(
    'worker',
    'ts',
    ['store', 'ui', 'content', 'app', 'cli', 'server', 'bench'],
    ['react', 'react-dom', 'zustand', ...NODE_ONLY],
  ),
  ...layerRules(
    'store',
    'ts',
    ['ui', 'content', 'app', 'cli', 'server', 'bench'],
    ['react', 'react-dom', ...NODE_ONLY],
  ),
  ...layerRules('ui', '{ts,tsx}', ['content', 'app', 'cli', 'server', 'bench'], NODE_ONLY),
  ...layerRules('content', '{ts,tsx}', ['app', 'cli', 'server', 'bench'], NODE_ONLY),
  ...layerRules('app', '{ts,tsx}', ['cli', 'server', 'bench'], NODE_ONLY),
  // The command line may use the workers' thread-neutral code (the lab's Lua worker client).
  ...layerRules('cli', 'ts', ['store', 'ui', 'content', 'app'], ['react', 'react-dom']),
  ...layerRules('bench', 'ts', ['store', 'ui', 'content', 'app'], ['react', 'react-dom']),
  // The lab server (Node only) may use core, and the command line's worker-thread sandbox
  // (src/cli/sandbox.ts, for learner Lua); never the browser's layers.
  ...layerRules(
    'server',
    'ts',
    ['worker', 'store', 'ui', 'content', 'app', 'bench'],
    ['react', 'react-dom', 'zustand'],
  ),
);
