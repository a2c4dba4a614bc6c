// ```lab: a live lab scenario and the widget's options (a title, a caption, a second lane to
// compare, lane titles, the moment it opens on). The body is a scenario plus LAB_WIDGET_FIELDS;
// the check validates the scenario (and the compare lane) as the lab itself would.
import { validateScenario } from '../../scenario/validate';
import { lineOfKey, type DirectiveBlock } from '../block';
import { isObj, type DirectiveCheck, type DirectiveEntry } from './entry';

/** Options a ```lab block may carry on top of the scenario; stripped before validating. */
export const LAB_WIDGET_FIELDS = [
  'title',
  'caption',
  'compare',
  'compareTitle',
  'lanes',
  'start',
] as const;

export interface LabParts {
  title: string | undefined;
  caption: string | undefined;
  /** The scenario as the engine takes it (widget-only fields removed). */
  scenario: Record<string, unknown>;
  /** The second lane: the scenario with `compare` merged over it, or null. */
  compare: Record<string, unknown> | null;
  compareTitle: string | undefined;
  /** Lane titles the block gives (`lanes`), each null when not given. */
  lanes: [string | null, string | null] | null;
  /**
   * Where a lesson widget opens: a time in seconds, `"end"`, or `"first"` (the default: the
   * run's first interesting moment). Undefined when the block does not say (or says nonsense,
   * which the content check refuses).
   */
  start: number | 'end' | 'first' | undefined;
}

/** A lab block's `start`: seconds >= 0, "end" or "first"; anything else is an error. */
export function labStart(v: unknown): LabParts['start'] | null {
  if (v === undefined) return undefined;
  if (v === 'end' || v === 'first') return v;
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  return null;
}

/** Splits a ```lab body into the widget's options and the scenario(s) the engine runs. */
export function splitLab(spec: Record<string, unknown>): LabParts {
  const { title, caption, compare, compareTitle, lanes, start, ...scenario } = spec;
  const laneTitle = (i: number): string | null =>
    Array.isArray(lanes) && typeof lanes[i] === 'string' ? (lanes[i] as string) : null;
  return {
    title: typeof title === 'string' ? title : undefined,
    caption: typeof caption === 'string' ? caption : undefined,
    scenario,
    compare: isObj(compare) ? { ...scenario, ...compare } : null,
    compareTitle: typeof compareTitle === 'string' ? compareTitle : undefined,
    lanes: Array.isArray(lanes) ? [laneTitle(0), laneTitle(1)] : null,
    start: labStart(start) ?? undefined,
  };
}

const short = (v: unknown): string | null => {
  const t = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  return t.length <= 32 ? t : null;
};

/** The (nested) fields an override changes: `placement`, `params.limit`, `params.script`. */
function changedPaths(
  base: unknown,
  over: unknown,
  path: string,
  out: { path: string; from: unknown; to: unknown }[],
): void {
  if (isObj(base) && isObj(over)) {
    for (const k of Object.keys(over))
      changedPaths(base[k], over[k], path ? `${path}.${k}` : k, out);
    return;
  }
  if (JSON.stringify(base) !== JSON.stringify(over)) out.push({ path, from: base, to: over });
}

/**
 * Lane labels for a compare widget, from what the override changes: `placement: local` vs
 * `placement: shared`; a long value (a script) reads `params.script: as given` vs `changed`.
 */
export function laneLabels(
  scenario: Record<string, unknown>,
  compare: Record<string, unknown>,
): [string, string] {
  const diffs: { path: string; from: unknown; to: unknown }[] = [];
  changedPaths(scenario, compare, '', diffs);
  if (diffs.length === 0) return ['as given', 'compare'];
  const left = diffs.map(
    (d) => `${d.path}: ${d.from === undefined ? '(default)' : (short(d.from) ?? 'as given')}`,
  );
  const right = diffs.map((d) => `${d.path}: ${short(d.to) ?? 'changed'}`);
  return [left.join(', '), right.join(', ')];
}

/** The top-level field a validator message is about: `requests[3].cost ...` -> requests. */
function fieldOfMessage(msg: string): string | undefined {
  const m = /^(?:scenario)?\.?([A-Za-z]+)/.exec(msg);
  return m?.[1];
}

/** Validates a ```lab body (lessons, problems, decks and interview rubrics alike). */
export function checkLab(b: DirectiveBlock, c: Pick<DirectiveCheck, 'add'>): void {
  const spec = b.json as Record<string, unknown>;
  if (spec.compare !== undefined && !isObj(spec.compare))
    c.add(lineOfKey(b, 'compare'), 'lab.compare must be an object of fields to override');
  for (const f of ['title', 'caption', 'compareTitle'] as const)
    if (spec[f] !== undefined && typeof spec[f] !== 'string')
      c.add(lineOfKey(b, f), `lab.${f} must be a string`);
  if (labStart(spec.start) === null)
    c.add(
      lineOfKey(b, 'start'),
      'lab.start must be a time in seconds (>= 0), "end" or "first" (the first interesting moment)',
    );
  const parts = splitLab(spec);
  const hint = (e: string): string =>
    /is not a known field/.test(e)
      ? ` (a lab block takes scenario fields plus ${LAB_WIDGET_FIELDS.join(', ')})`
      : '';
  const base = validateScenario(parts.scenario);
  // (Top-level messages from the validator may start with a stray dot: `.placement must ...`.)
  const clean = (errs: string[]): string[] => errs.map((e) => e.replace(/^\./, ''));
  const baseErrors = base.ok ? [] : clean(base.errors);
  for (const e of baseErrors) {
    const f = fieldOfMessage(e);
    c.add(f ? lineOfKey(b, f) : b.line, `lab: ${e}${hint(e)}`);
  }
  if (parts.compare) {
    const merged = validateScenario(parts.compare);
    if (!merged.ok)
      for (const e of clean(merged.errors))
        if (!baseErrors.includes(e))
          c.add(lineOfKey(b, 'compare'), `lab compare lane: ${e}${hint(e)}`);
  }
}

export const lab: DirectiveEntry<'lab'> = {
  name: 'lab',
  json: true,
  fields: LAB_WIDGET_FIELDS,
  closed: false,
  places: ['lesson', 'problem'],
  check: checkLab,
};
