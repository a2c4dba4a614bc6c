// The step budget of one learner script run, stated once. The lab's runs, the editor's runs
// and the race scheduler's slices all use it, and every text that names it (the engine's
// "killed" message, the editor's runaway notice, the README) reads it from here, so the page
// never shows two figures for one budget. The practice graders keep their own (the engine's
// default), named by the same message.
/**
 * Lua steps per millisecond of budget. Measured (CPU time, this project's 2-core machine):
 * 25,000,000 steps are about 80 ms of plain Lua and 250-300 ms of loops that call library
 * functions or backtrack in a pattern, so budgetMs 250 stops a runaway within a few hundred ms.
 */
export const STEPS_PER_MS = 100_000;

/** Lua steps one script run may take before the engine stops it. */
export const SCRIPT_STEP_BUDGET = 5_000_000;

/** The same budget for a worker's `budgetMs` (ms of typical work, STEPS_PER_MS steps each). */
export const SCRIPT_BUDGET_MS = SCRIPT_STEP_BUDGET / STEPS_PER_MS;

/** How every text says a step budget: "5,000,000 Lua steps". */
export const stepBudgetText = (steps: number = SCRIPT_STEP_BUDGET): string =>
  `${steps.toLocaleString('en-US')} Lua steps`;
