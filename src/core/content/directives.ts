// The shapes of the JSON directive bodies (docs/content-format.md) and the fields each may
// have. The content check refuses any other field, so a typo never silently vanishes.

/** Options a ```lab block may carry on top of the scenario; stripped before validating. */
export const LAB_WIDGET_FIELDS = [
  'title',
  'caption',
  'compare',
  'compareTitle',
  'lanes',
  'start',
] as const;

export const EDITOR_FIELDS = ['template', 'code', 'title', 'caption', 'height'] as const;
export const QUESTION_FIELDS = [
  'prompt',
  'choices',
  'answer',
  'numeric',
  'tolerance',
  'explanation',
  'vars',
  'scenario',
  'measure',
] as const;
/** Starter fields: an explicit `form`, or the short forms `answer`, `params`, `choices` (with an
 * optional `scenario` the problem is about); fix/write: `lua` (or `code`/`template`), `keys`, `args`. */
export const STARTER_FORM_FIELDS = [
  'form',
  'note',
  'answer',
  'params',
  'choices',
  'scenario',
  'vars',
] as const;
export const STARTER_CODE_FIELDS = [
  'code',
  'lua',
  'template',
  'keys',
  'args',
  'note',
  'scenario',
] as const;
export const FORM_FIELD_FIELDS = [
  'id',
  'label',
  'type',
  'choices',
  'value',
  'unit',
  'min',
  'max',
  'step',
  'help',
] as const;

export const PROBLEM_KINDS = ['predict', 'configure', 'fix', 'write', 'choose'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export interface QuestionSpec {
  prompt: string;
  choices?: string[];
  /** 0-based index of the right choice. */
  answer?: number;
  numeric?: number;
  /** Numeric questions: how far off an answer may be and still count (default 0). */
  tolerance?: number;
  explanation: string;
  /**
   * Fresh numbers per attempt: each var is drawn from its list or range, filled into the
   * prompt, the explanation (`{{name}}`, and `{{answer}}`) and the scenario, and the answer is
   * what `measure` counts in the engine's run of the scenario (questionInstance.ts).
   */
  vars?: Record<string, (number | string)[] | { min: number; max: number; step?: number }>;
  scenario?: Record<string, unknown>;
  measure?: string;
}

export interface EditorSpec {
  template?: string;
  code?: string;
  title?: string;
  caption?: string;
  height?: string;
}

export interface FormField {
  id: string;
  label: string;
  /** number (default), choice (radio buttons from `choices`) or text. */
  type?: 'number' | 'choice' | 'text';
  choices?: string[];
  value?: number | string;
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  help?: string;
}

/** A problem's starter: an answer form (predict, configure, choose) or a script (fix, write). */
export type StarterSpec =
  | { kind: 'form'; form: FormField[]; note?: string }
  | { kind: 'code'; code: string; template?: string; note?: string };

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

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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
