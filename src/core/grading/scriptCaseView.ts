// A failing script case as the page shows it: the rows around the failure (expected against
// the script's), the requests, a scenario that replays it in the lab and the reference's run.
import type { ScriptSpec } from './lua';
import type { CaseInput, CaseProblem, RunRecord } from './scriptCaseTypes';
import type { CaseRow, FailingCase } from './types';

/** The failing case as the page shows it: rows, and a scenario that replays it in the lab. */
export function caseView(
  p: CaseProblem,
  code: string,
  spec: ScriptSpec,
  input: CaseInput,
  rec: RunRecord,
): Pick<FailingCase, 'rows' | 'firstMismatch' | 'scenario' | 'reference' | 'requests'> {
  const rows: CaseRow[] = rec.calls.map((c, i) => {
    const d = rec.decisions[i]!;
    const e = rec.expected[i];
    if (c.op === 'release')
      return {
        at: c.at,
        server: c.server,
        key: c.key,
        cost: c.cost,
        expected: 'release',
        actual: d.error ? 'error' : 'release',
        ...(d.error ? { note: d.error } : {}),
      };
    const row: CaseRow = {
      at: c.at,
      server: c.server,
      key: c.key,
      cost: c.cost,
      expected: e ? (e.allowed ? 'allowed' : 'denied') : '',
      actual: d.allowed ? 'allowed' : 'denied',
      expectedRetry: e && !e.allowed ? e.retry : null,
      actualRetry: d.allowed ? null : d.retry,
    };
    if (c.now !== c.at) row.clock = c.now;
    if (d.error) row.note = d.error;
    return row;
  });
  const last = rows.length - 1;
  const from = Math.max(0, last - 9);
  const requests = input.requests.map((r) => ({
    at: r.at,
    key: r.key,
    server: r.server,
    cost: r.cost,
    ...(r.tenant !== undefined ? { tenant: r.tenant } : {}),
  }));
  const refBody =
    'policies' in p.reference
      ? {
          policies: p.reference.policies.map((x, i) => ({
            id: x.id ?? `policy-${i + 1}`,
            algorithm: x.algorithm,
            params: x.params,
            scope: x.scope ?? 'key',
          })),
          multiPolicy: 'all-or-nothing',
        }
      : { algorithm: p.reference.algorithm, params: p.reference.params };
  const durations = p.lease
    ? requests.map((r, i) => ({
        ...r,
        duration: Math.min(input.requests[i]!.duration ?? p.lease!, p.lease!),
      }))
    : requests;
  return {
    rows: rows.slice(from),
    firstMismatch: last - from,
    requests: input.requests.map((r) => ({ ...r })),
    scenario: {
      algorithm: 'lua',
      params: { script: code, keys: spec.keys, args: spec.args },
      requests,
    },
    reference: { ...refBody, requests: durations },
  };
}
