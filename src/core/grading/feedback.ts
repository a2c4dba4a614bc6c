// Words around a grade's hidden cases, said one way wherever a grade is shown: how many ran,
// passed and wait (grading stops at the first failure), and what "(N)" in a case name means.

export interface CaseTally {
  passed: boolean;
  cases: readonly { name: string; passed: boolean }[];
  /** Hidden cases in all, run or not (absent: every case ran). */
  total?: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One line that agrees with "Failed on hidden case K of T": how many passed, that case K
 * failed, and how many were not run because grading stops there. Null with no cases.
 */
export function caseCountLine(r: CaseTally): string | null {
  const ran = r.cases.length;
  if (ran === 0) return null;
  const total = Math.max(r.total ?? ran, ran);
  const passed = r.cases.filter((c) => c.passed).length;
  if (r.passed && passed === ran)
    return `All ${plural(total, 'hidden case', 'hidden cases')} passed.`;
  const failed = ran - passed;
  const waiting = total - ran;
  const parts = [`${passed} passed`, `${failed} failed`];
  if (waiting > 0) parts.push(`${waiting} not run yet`);
  return `Hidden cases: ${parts.join(', ')} (of ${total})${
    waiting > 0 ? ': grading stops at the first failure, and the rest run once it passes.' : '.'
  }`;
}

/** "(N)", "(N+1)" in a case name: the limit exactly, and one past it. */
const LIMIT_MARK = /\(N(?:\s*[+-]\s*\d+)?\)/;

/** A note explaining "(N)" when any of these case names uses it; null otherwise. */
export function caseNameLegend(names: readonly string[]): string | null {
  if (!names.some((n) => LIMIT_MARK.test(n))) return null;
  return 'N is the limit: a case marked (N) sends exactly as much as the limit allows, (N+1) one more.';
}
