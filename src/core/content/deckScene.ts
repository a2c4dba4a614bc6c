// A deck step's scene, summarised from the engine: every request of the scenario (and of its
// compare lane) with its arrival, decision time and outcome, and the counts decided by the
// step's time. The presenter's stage, the print handout and the content check all read this,
// so every number on a slide is measured. (Phase 2 puts the live scene on the stage instead.)
import { OUTCOME_NAMES, type Outcome } from '../lab/columns';
import { runEngine } from '../lab/run';
import { parseScenario } from '../scenario/validate';
import { laneLabels, splitLab } from './directives';

export interface SceneRequest {
  /** 1-based request number, as the lab labels requests (#1, #2, ...). */
  n: number;
  at: number;
  decidedAt: number;
  server: string;
  key: string;
  outcome: Outcome;
  retryAfterSeconds: number | null;
}

export interface SceneLane {
  label: string | null;
  /** The lane's scenario as the lab takes it (for share links). */
  scenario: Record<string, unknown>;
  requests: SceneRequest[];
  servers: string[];
  keys: string[];
  endTime: number;
}

export interface SceneSummary {
  title: string | null;
  caption: string | null;
  lanes: SceneLane[];
  endTime: number;
}

export interface LaneCounts {
  decided: number;
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
  total: number;
}

function lane(label: string | null, scenario: Record<string, unknown>): SceneLane {
  const run = runEngine(parseScenario(scenario), { recordOps: false });
  const r = run.requests;
  const e = run.events;
  const names = r.names.names;
  const requests: SceneRequest[] = [];
  for (const i of run.arrivalOrder) {
    const retry = e.retry[i]!;
    requests.push({
      n: i + 1,
      at: r.at[i]!,
      decidedAt: Number.isNaN(e.decidedAt[i]!) ? r.at[i]! : e.decidedAt[i]!,
      server: run.servers[r.server[i]!] ?? '',
      key: names[r.keyId[i]!] ?? '',
      outcome: OUTCOME_NAMES[e.outcome[i]!]!,
      retryAfterSeconds: Number.isNaN(retry) ? null : retry,
    });
  }
  return {
    label,
    scenario,
    requests,
    servers: [...run.servers],
    keys: [...new Set(requests.map((q) => q.key))],
    endTime: run.endTime,
  };
}

/** Runs a deck scenario (a lab block's JSON: scenario fields plus title, caption, compare). */
export function summariseScene(spec: Record<string, unknown>): SceneSummary {
  const parts = splitLab(spec);
  // `lanes: ["left title", "right title"]` names the lanes; otherwise they are named by what
  // the compare lane changes (`placement: local` / `placement: shared`).
  const titles = Array.isArray(spec.lanes)
    ? spec.lanes.map((t) => (typeof t === 'string' ? t : null))
    : [];
  const lanes: SceneLane[] = [];
  if (parts.compare) {
    const [l, r] = laneLabels(parts.scenario, parts.compare);
    lanes.push(
      lane(titles[0] ?? l, parts.scenario),
      lane(titles[1] ?? parts.compareTitle ?? r, parts.compare),
    );
  } else lanes.push(lane(titles[0] ?? null, parts.scenario));
  return {
    title: parts.title ?? null,
    caption: parts.caption ?? null,
    lanes,
    endTime: Math.max(...lanes.map((l) => l.endTime)),
  };
}

/** Requests decided by `time` (null: the whole run), by outcome. */
export function countsAt(l: SceneLane, time: number | null): LaneCounts {
  const c: LaneCounts = {
    decided: 0,
    allowed: 0,
    denied: 0,
    unavailable: 0,
    bypass: 0,
    total: l.requests.length,
  };
  for (const q of l.requests) {
    if (time !== null && q.decidedAt > time) continue;
    c.decided++;
    c[q.outcome]++;
  }
  return c;
}
