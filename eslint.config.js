// Lint rules that keep the architecture honest (see ARCHITECTURE.md in the project docs):
// imports flow core -> worker -> store -> ui -> content -> app, never back, and the engine in
// src/core never touches real time, randomness, React or the DOM.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';


const restrict = (name, bannedLayers, bannedPackages = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.{1,2}/)+(src/)?(${bannedLayers.join('|')})(/|$)`,
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
  {
    files: ['src/core/**/*.ts'],
    rules: {
      ...restrict(
        'src/core',
        ['worker', 'store', 'ui', 'content', 'app', 'cli'],
        ['react', 'react-dom', 'zustand', 'recharts', '@monaco-editor/react', 'monaco-editor'],
      ),
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
  {
    files: ['src/worker/**/*.ts'],
    rules: restrict('src/worker', ['store', 'ui', 'content', 'app', 'cli'], ['react', 'react-dom', 'zustand']),
  },
  {
    files: ['src/store/**/*.ts'],
    rules: restrict('src/store', ['ui', 'content', 'app', 'cli'], ['react', 'react-dom']),
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: restrict('src/ui', ['content', 'app', 'cli']),
  },
  {
    files: ['src/content/**/*.{ts,tsx}'],
    rules: restrict('src/content', ['app', 'cli']),
  },
  {
    files: ['src/cli/**/*.ts', 'src/bench/**/*.ts'],
    rules: restrict('src/cli', ['worker', 'store', 'ui', 'content', 'app'], ['react', 'react-dom']),
  },
);
