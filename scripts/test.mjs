#!/usr/bin/env node
// `npm test`: type check, lint, content check, unit and differential tests, then the production
// build and the end-to-end tests against it. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['types', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['unit, content and differential tests', 'npx', ['vitest', 'run']],
  ['production build', 'npx', ['vite', 'build']],
  ['end-to-end tests', 'node', ['scripts/e2e.mjs']],
];

for (const [name, cmd, args] of steps) {
  const started = process.hrtime.bigint();
  console.log(`\n=== npm test: ${name} (${[cmd, ...args].join(' ')})`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.status !== 0) {
    console.error(`\n=== npm test: ${name} FAILED after ${secs.toFixed(1)} s`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== npm test: ${name} passed in ${secs.toFixed(1)} s`);
}
console.log('\n=== npm test: all steps passed');
