// Run: the learner's script goes to the editor's worker with the chosen traffic; its
// decisions then drive the editor's scene (its own lab store) through the replay limiter, and Compare runs
// a built-in algorithm on the same requests.
import { errorMessage } from '../../core/util/errorMessage';
import { simulate } from '../../core/simulate';
import type { RunOutput } from '../../core/playground/runner';
import { templateById } from '../../core/playground/templates';
import { trafficById, type EditorRequest } from '../../core/playground/traffic';
import {
  editorStore,
  type CompareDiff,
  type CompareResult,
  type ScriptDraft,
} from '../../store/editorStore';
import { editorLab as labStore } from '../../store/editorScene';
import { editorWorker, RUN_BUDGET_MS } from '../../worker/editorClient';
import { setRecording } from './replay';

let generation = 0;

function arrivalOrder(requests: readonly EditorRequest[]): number[] {
  return requests
    .map((r, i) => ({ at: r.at, i }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((x) => x.i);
}

/** The lab scenario the scene runs for a draft (a real `algorithm: "lua"` scenario). */
export function sceneScenario(
  draft: ScriptDraft,
  requests: readonly EditorRequest[],
  mode: 'script' | 'app',
  latency: number,
) {
  return {
    algorithm: 'lua',
    params: { script: draft.source, keys: draft.keys, args: draft.args },
    placement: mode === 'script' ? 'shared' : 'shared-nonatomic',
    store: { latencySeconds: latency },
    requests: requests.map((r) => ({ at: r.at, server: r.server, key: r.key, cost: r.cost })),
  };
}

/** Run the current draft. Never throws: failures land in the store for the page to show. */
export async function runEditor(opts: { play?: boolean } = {}): Promise<void> {
  const es = editorStore.getState();
  const my = ++generation;
  const draft = es.draft;
  const requests = trafficById(es.traffic).requests();
  const latency = es.latencyMs / 1000;
  const mode = es.mode;
  es.setRunning(true);
  let output: RunOutput;
  try {
    output = await editorWorker().run({
      mode,
      script: draft.source,
      keys: draft.keys,
      args: draft.args,
      requests,
      latency,
      runBudgetMs: RUN_BUDGET_MS,
    });
  } catch (e) {
    if (my !== generation) return;
    editorStore.getState().setOutput(null, draft, errorMessage(e));
    return;
  }
  if (my !== generation) return;
  setRecording({
    script: draft.source,
    keys: draft.keys,
    args: draft.args,
    output,
    order: arrivalOrder(requests),
  });
  const lab = labStore.getState();
  if (lab.lanes) lab.setLanes(false);
  if (lab.altAlgorithm) lab.setAltAlgorithm(null);
  const loaded = labStore
    .getState()
    .load(sceneScenario(draft, requests, mode, latency), { play: opts.play ?? true });
  editorStore
    .getState()
    .setOutput(output, draft, loaded.ok ? null : `The scene could not run: ${loaded.message}`);
  // Keep a comparison the learner asked for in step with the new run.
  const cmp = editorStore.getState().compare;
  if (cmp) compareWith(cmp.algorithm, cmp.params);
}

/** The built-in the current template should agree with, its parameters read from ARGV. */
export function referenceFor(
  draft: ScriptDraft,
  templateId: string,
): { algorithm: string; params: Record<string, unknown> } | null {
  const ref = templateById(templateId)?.reference;
  if (!ref) return null;
  const params: Record<string, unknown> = { ...ref.params };
  for (const [name, pos] of Object.entries(ref.fromArgs ?? {})) {
    const v = Number(draft.args[pos]);
    if (draft.args[pos] !== undefined && draft.args[pos]!.trim() !== '' && Number.isFinite(v))
      params[name] = v;
  }
  return { algorithm: ref.algorithm, params };
}

/** Run a built-in on the same requests as the last run and list where decisions differ. */
export function compareWith(
  algorithm: string,
  params: Record<string, unknown>,
): CompareResult | null {
  const es = editorStore.getState();
  const out = es.output;
  if (!out) return null;
  const requests = trafficById(es.traffic).requests();
  const base: CompareResult = {
    algorithm,
    params,
    scriptAllowed: out.records.filter((r) => r.decision.allowed).length,
    builtinAllowed: 0,
    total: requests.length,
    diffs: [],
    error: null,
  };
  let result: CompareResult;
  try {
    const sim = simulate({
      algorithm,
      params,
      placement: 'shared',
      store: { latencySeconds: es.latencyMs / 1000 },
      requests: requests.map((r) => ({ at: r.at, server: r.server, key: r.key, cost: r.cost })),
    });
    const diffs: CompareDiff[] = [];
    requests.forEach((r, i) => {
      const s = out.records[i];
      const b = sim.decisions[i]!;
      if (!s) return;
      if (s.decision.allowed !== b.allowed || s.decision.error !== undefined)
        diffs.push({
          index: i,
          at: r.at,
          server: r.server,
          key: r.key,
          script:
            s.decision.error !== undefined
              ? { allowed: false, error: s.decision.error }
              : { allowed: s.decision.allowed },
          builtin: { allowed: b.allowed },
        });
    });
    diffs.sort((a, b) => a.at - b.at || a.index - b.index);
    result = { ...base, builtinAllowed: sim.allowed, diffs };
  } catch (e) {
    result = { ...base, error: errorMessage(e) };
  }
  editorStore.getState().setCompare(result);
  return result;
}

/** Select request i in the scene and move the clock to its decision. */
export function jumpToRequest(i: number): void {
  const lab = labStore.getState();
  const t = lab.run.decidedAt[i];
  lab.pause();
  lab.select(i);
  if (t !== undefined && Number.isFinite(t)) lab.seek(t);
}
