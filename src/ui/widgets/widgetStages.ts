// The lesson's live lab widgets by element id (`lab-2`), so something else on the page (the
// narrated steps of lessons/*.md) can move a widget's scene to a step: its time, highlighted
// request and lane, server.
import type { Stage } from '../lab/useLab';

const stages = new Map<string, Stage>();
const stageListeners = new Set<() => void>();
const stagesChanged = () => {
  for (const f of stageListeners) f();
};

/** Register a widget's stage under its element id; returns the unregister function. */
export function registerWidgetStage(id: string, stage: Stage): () => void {
  stages.set(id, stage);
  stagesChanged();
  return () => {
    if (stages.get(id) !== stage) return;
    stages.delete(id);
    stagesChanged();
    // Element ids repeat from page to page (every lesson has a `lab-1`): a step's caption
    // belongs to the widget that showed it and goes with it.
    setCaption(id, null);
  };
}

/** Widget `id`'s stage, once it has one (for useSyncExternalStore). */
export function widgetStageOf(id: string): Stage | null {
  return stages.get(id) ?? null;
}

export function subscribeWidgetStages(f: () => void): () => void {
  stageListeners.add(f);
  return () => stageListeners.delete(f);
}

/** A scene state to show: a time, and optionally a request (1 is the first), lane, server. */
export interface SceneStep {
  at: number;
  request?: number;
  /** 1 the left lane (the lesson's scenario), 2 the right one (its `compare`). */
  lane?: 1 | 2;
  server?: string;
  /** The step's caption, shown on the widget's scene ("Step 2 of 5: ..."). */
  caption?: string;
  /** "Step 2 of 5", when the caption belongs to a sequence. */
  label?: string;
}

/** The caption a widget shows for the step it was moved to (null: none). */
export interface StepCaption {
  label: string | null;
  text: string;
}

const captions = new Map<string, StepCaption | null>();
const listeners = new Map<string, Set<() => void>>();

function setCaption(id: string, c: StepCaption | null): void {
  captions.set(id, c);
  for (const f of listeners.get(id) ?? []) f();
}

/** For useSyncExternalStore: the step caption widget `id` shows. */
export function stepCaptionOf(id: string): StepCaption | null {
  return captions.get(id) ?? null;
}

export function subscribeStepCaption(id: string, f: () => void): () => void {
  let set = listeners.get(id);
  if (!set) listeners.set(id, (set = new Set()));
  set.add(f);
  return () => set.delete(f);
}

/** The learner moved the widget's clock or selection themself: the step's caption goes. */
export function clearStepCaption(id: string): void {
  if (captions.get(id)) setCaption(id, null);
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
  setCaption(id, step.caption ? { label: step.label ?? null, text: step.caption } : null);
  return true;
}

// Widgets waiting for a prediction (by element id): their narrated steps hide their captions.
const waiting = new Set<string>();
const waitListeners = new Set<() => void>();

export function setWidgetPredictPending(id: string, on: boolean): void {
  if (on === waiting.has(id)) return;
  if (on) waiting.add(id);
  else waiting.delete(id);
  for (const f of waitListeners) f();
}

/** Widget `id` still asks for a prediction. */
export function widgetPredictPending(id: string): boolean {
  return waiting.has(id);
}

export function subscribeWidgetPredict(f: () => void): () => void {
  waitListeners.add(f);
  return () => waitListeners.delete(f);
}
