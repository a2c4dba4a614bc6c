// The lesson's live lab widgets by element id (`lab-2`), so something else on the page (the
// narrated steps of lessons/*.md) can move a widget's scene to a step: its time, highlighted
// request and lane, server.
import type { Stage } from '../lab/useLab';

const stages = new Map<string, Stage>();

/** Register a widget's stage under its element id; returns the unregister function. */
export function registerWidgetStage(id: string, stage: Stage): () => void {
  stages.set(id, stage);
  return () => {
    if (stages.get(id) === stage) stages.delete(id);
  };
}

/** A scene state to show: a time, and optionally a request (1 is the first), lane, server. */
export interface SceneStep {
  at: number;
  request?: number;
  /** 1 the left lane (the lesson's scenario), 2 the right one (its `compare`). */
  lane?: 1 | 2;
  server?: string;
}

/** Move widget `id` to a step (paused); false when there is no such widget (yet). */
export function showStep(id: string, step: SceneStep): boolean {
  const stage = stages.get(id);
  if (!stage) return false;
  const s = stage.store.getState();
  s.pause();
  s.seek(step.at);
  const lane = step.lane === 2 && s.compare ? 'compare' : 'main';
  const run = lane === 'compare' ? s.compare! : s.run;
  if (step.request !== undefined && step.request >= 1 && step.request <= run.n)
    s.select(step.request - 1, lane);
  else s.select(null, lane);
  if (step.server !== undefined) {
    const t = run.targets.find((x) => x.where === step.server);
    s.selectTarget(t?.id ?? null);
  }
  return true;
}
