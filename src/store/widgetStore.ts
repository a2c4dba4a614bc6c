// A lesson widget's lab store: the lab block's scenario (and its `compare` lane) in a store of
// its own, paused where the widget opens: the block's `start`, or the run's first interesting
// moment (the first divergence between the lanes, else the first request not simply
// admitted), with that request selected. No DOM here: Node tests build the same stores.
import { splitLab, type LabParts } from '../core/content/directives';
import { firstMoment, type Moment } from '../core/lab/moments';
import { readyLabRun } from './labCompute';
import { createLabStore, endOf, type LabStore, type LaneTitles } from './labStore';
import { isObj } from '../core/util/isObj';

/** The speeds a widget may start at (the time bar's steps from 0.5x up). */
const START_SPEEDS = [0.5, 1, 2, 5, 10, 20, 50, 100];

/** A speed that plays the whole run in about 15 s of wall time (never slower than 0.5x). */
export function widgetSpeed(end: number): number {
  const want = end / 15;
  return START_SPEEDS.find((s) => s >= want - 1e-9) ?? 100;
}

export interface WidgetSetup {
  store: LabStore;
  parts: LabParts;
  /** Where it opened and why. */
  moment: Moment;
  /** The comparison lane could not run: the engine's message (the main lane still runs). */
  compareError: string | null;
}

export type WidgetResult = ({ ok: true } & WidgetSetup) | { ok: false; message: string };

/** Build a widget's store from a lab block's JSON (ready: see labCompute's prepareLabInputs). */
export function createWidgetStore(spec: Record<string, unknown>): WidgetResult {
  const parts = splitLab(spec);
  const main = readyLabRun(parts.scenario);
  if (!main.ok) return { ok: false, message: main.message };
  const override = isObj(spec.compare) ? spec.compare : null;
  let compareError: string | null = null;
  if (parts.compare) {
    const c = readyLabRun(parts.compare);
    if (!c.ok) compareError = c.message;
  }
  const titles: LaneTitles = [
    parts.lanes?.[0] ?? null,
    parts.lanes?.[1] ?? parts.compareTitle ?? null,
  ];
  const store = createLabStore({
    input: parts.scenario,
    lanes: override !== null && compareError === null,
    compare: compareError === null ? override : null,
    titles,
    playing: false,
  });
  const s = store.getState();
  const end = endOf(s);
  let moment: Moment;
  if (typeof parts.start === 'number')
    moment = { t: Math.min(parts.start, end), request: null, lane: 'main', reason: 'end' };
  else if (parts.start === 'end') moment = { t: end, request: null, lane: 'main', reason: 'end' };
  else moment = firstMoment(s.run, s.compare);
  s.setSpeed(widgetSpeed(Math.max(s.run.end, s.compare?.end ?? 0)));
  s.seek(moment.t);
  if (moment.request !== null) s.select(moment.request, moment.lane);
  return { ok: true, store, parts, moment, compareError };
}
