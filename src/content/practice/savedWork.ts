// A practice problem's work as the page edits and saves it: the answer form's values, or the
// script with its KEYS and ARGV (space-separated, like redis-cli). A damaged save starts from
// the starter; a save is written only once the learner changed something.
import type { StarterSpec } from '../../core/content/directives';
import type { ParsedDoc } from '../../core/content/parseDoc';
import { answerSubmission } from '../../core/grading/submission';
import type { FormValues } from '../../ui/widgets/AnswerForm';

/** A script's KEYS and ARGV as the page edits them: space-separated, like redis-cli. */
export interface CallText {
  keys: string;
  args: string;
}

export const words = (t: string): string[] => t.split(/\s+/).filter(Boolean);

export function initialForm(starter: StarterSpec, saved: string | undefined): FormValues {
  if (starter.kind !== 'form') return {};
  const out: FormValues = {};
  for (const f of starter.form) out[f.id] = f.value === undefined ? '' : String(f.value);
  if (saved) {
    try {
      const s = JSON.parse(saved) as unknown;
      if (s && typeof s === 'object' && !Array.isArray(s))
        for (const [k, v] of Object.entries(s)) if (typeof v === 'string' && k in out) out[k] = v;
    } catch {
      // a damaged save: start from the starter
    }
  }
  return out;
}

/** The worked answer as form values (the form's ids are `params.x`, `choices.x` or `answer`). */
export function answerForm(p: ParsedDoc, starter: StarterSpec): FormValues | null {
  const a = answerSubmission(p);
  if (!a || starter.kind !== 'form') return null;
  const out: FormValues = {};
  for (const f of starter.form) {
    const [g, k] = f.id.includes('.') ? f.id.split('.') : [null, f.id];
    const group = g ? (a[g] as Record<string, unknown> | undefined) : a;
    const v = group?.[k!];
    out[f.id] = v === undefined || v === null ? '' : String(v);
  }
  return out;
}

/** The saved work of a code problem: the script alone, or JSON with edited keys/args. */
export function initialCode(
  starterCode: string,
  call: CallText,
  saved: string | undefined,
): { code: string; call: CallText } {
  if (saved === undefined) return { code: starterCode, call };
  if (saved.startsWith('{"code"')) {
    try {
      const s = JSON.parse(saved) as { code?: unknown; keys?: unknown; args?: unknown };
      if (typeof s.code === 'string')
        return {
          code: s.code,
          call: {
            keys: typeof s.keys === 'string' ? s.keys : call.keys,
            args: typeof s.args === 'string' ? s.args : call.args,
          },
        };
    } catch {
      // not our JSON: a script that happens to start like it
    }
  }
  return { code: saved, call };
}

/**
 * What to save for the work as it stands, and whether it is still the starter's (then the page
 * writes nothing, unless a save already exists).
 */
export function savedText(
  starter: StarterSpec,
  starterCall: CallText | null,
  work: { code: string; call: CallText; form: FormValues },
): { text: string; untouched: boolean } {
  const { code, call, form } = work;
  const callEdited =
    starterCall !== null && (call.keys !== starterCall.keys || call.args !== starterCall.args);
  const text =
    starter.kind === 'code'
      ? callEdited
        ? JSON.stringify({ code, keys: call.keys, args: call.args })
        : code
      : JSON.stringify(form);
  const untouched =
    starter.kind === 'code'
      ? code === starter.code && !callEdited
      : JSON.stringify(form) === JSON.stringify(initialForm(starter, undefined));
  return { text, untouched };
}
