// Grader wiring for the browser: the Lua engine loads its wasm from the bundle (never a CDN),
// and grading yields to the page between hidden cases so the UI stays responsive.
import { setLuaEngineProvider } from '../core/grading/lua';
import { graderById } from '../core/grading/registry';
import { LUA_WASM_URL } from '../ui/widgets/luaWasm';
import type { GradeResult, ProblemContext, Submission } from '../core/grading/types';

let wired = false;
function wire(): void {
  if (wired) return;
  wired = true;
  setLuaEngineProvider(async () => {
    const { createLuaEngine } = await import('../core/lua');
    return createLuaEngine({ wasmUrl: LUA_WASM_URL, budgetMs: 250 });
  });
}

const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Grades a submission; a grader that is missing or throws becomes a readable failure. `problem`
 * is the problem's starter (predict graders run its scenario).
 */
export async function grade(
  graderId: string,
  sub: Submission,
  problem: ProblemContext = {},
): Promise<GradeResult> {
  wire();
  const g = graderById(graderId);
  if (!g)
    return {
      passed: false,
      summary: `This problem names a grader ("${graderId}") that this build does not have.`,
      cases: [],
    };
  await macrotask(); // let the "Grading…" state paint first
  try {
    return await g.grade(sub, { yieldToUi: macrotask, problem });
  } catch (e) {
    return {
      passed: false,
      summary: `The grader stopped with an error: ${(e as Error).message}`,
      cases: [],
    };
  }
}
