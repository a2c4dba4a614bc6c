// Turns a problem's ```starter and ```answer blocks into submissions for its grader.
import type { FormField, StarterSpec } from '../../core/content/directives';
import type { Block, ParsedDoc } from '../../core/content/parseDoc';
import { templateById } from '../playground/templates';
import type { ProblemContext, Submission } from './types';
import { isObj } from '../util/isObj';

type Directive = Extract<Block, { kind: 'directive' }>;

function block(doc: ParsedDoc, name: string): Directive | undefined {
  return doc.blocks.find((b): b is Directive => b.kind === 'directive' && b.name === name);
}

/**
 * One field of the short starter forms. A list is the field's options (radio buttons, nothing
 * picked); true/false is a yes/no choice; a number or null in `params` is a number input;
 * anything else is a text input holding the value.
 */
function shortField(id: string, name: string, group: 'params' | 'choices', v: unknown): FormField {
  const label = `\`${name}\``;
  if (Array.isArray(v)) return { id, label, type: 'choice', choices: v.map((x) => String(x)) };
  if (typeof v === 'boolean')
    return { id, label, type: 'choice', choices: ['true', 'false'], value: String(v) };
  const type = group === 'params' && (typeof v === 'number' || v === null) ? 'number' : 'text';
  return {
    id,
    label,
    type,
    ...(typeof v === 'number' || typeof v === 'string' ? { value: v } : {}),
  };
}

/** The starter as the page shows it: an answer form or a script. */
export function starterOf(doc: ParsedDoc): StarterSpec {
  const b = block(doc, 'starter');
  if (!b) return { kind: 'form', form: [] };
  if (b.info === 'lua') return { kind: 'code', code: b.text };
  const s = isObj(b.json) ? b.json : {};
  const note = typeof s.note === 'string' ? s.note : undefined;
  if (Array.isArray(s.form))
    return { kind: 'form', form: s.form as FormField[], ...(note ? { note } : {}) };
  const short: FormField[] = [];
  if ('answer' in s)
    short.push({
      id: 'answer',
      label: 'Your answer',
      type: 'number',
      ...(typeof s.answer === 'number' ? { value: s.answer } : {}),
    });
  for (const group of ['params', 'choices'] as const) {
    const g = s[group];
    if (!isObj(g)) continue;
    for (const [k, v] of Object.entries(g)) short.push(shortField(`${group}.${k}`, k, group, v));
  }
  if (short.length) return { kind: 'form', form: short, ...(note ? { note } : {}) };
  const template = typeof s.template === 'string' ? s.template : undefined;
  const code =
    typeof s.lua === 'string'
      ? s.lua
      : typeof s.code === 'string'
        ? s.code
        : (template && templateById(template)?.source) || '';
  return { kind: 'code', code, ...(template ? { template } : {}), ...(note ? { note } : {}) };
}

/** A script's calling convention from its starter (`keys`, `args`), when it gives one. */
export function starterCall(doc: ParsedDoc): { keys?: string[]; args?: string[] } {
  const b = block(doc, 'starter');
  const s = b && isObj(b.json) ? b.json : {};
  const list = (v: unknown) =>
    Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
  const out: { keys?: string[]; args?: string[] } = {};
  const keys = list(s.keys);
  const args = list(s.args);
  if (keys) out.keys = keys;
  if (args) out.args = args;
  return out;
}

/** What a grader may read from the problem: its starter JSON (scenario, keys, args). */
export function problemContext(doc: ParsedDoc): ProblemContext {
  const b = block(doc, 'starter');
  return b && isObj(b.json) ? { starter: b.json } : {};
}

/** The starter submitted as is (form defaults, or the starter script and its keys/args). */
export function starterSubmission(doc: ParsedDoc): Submission {
  const s = starterOf(doc);
  if (s.kind === 'code') return { code: s.code, ...starterCall(doc) };
  const out: Record<string, unknown> = {};
  for (const f of s.form) out[f.id] = f.value ?? '';
  return unflatten(out);
}

/** Form values with dotted ids (`params.capacity`) as the nested submission graders read. */
export function unflatten(values: Record<string, unknown>): Submission {
  const out: Submission = {};
  for (const [k, v] of Object.entries(values)) {
    const dot = k.indexOf('.');
    if (dot < 0) {
      out[k] = v;
      continue;
    }
    const g = k.slice(0, dot);
    const inner = (isObj(out[g]) ? out[g] : {}) as Record<string, unknown>;
    inner[k.slice(dot + 1)] = v;
    out[g] = inner;
  }
  return out;
}

/** The worked answer (```answer JSON, or ```answer lua for a script); null if absent. */
export function answerSubmission(doc: ParsedDoc): Submission | null {
  const b = block(doc, 'answer');
  if (!b) return null;
  if (b.info === 'lua') return { code: b.text };
  if (!isObj(b.json)) return null;
  return typeof b.json.lua === 'string' ? { ...b.json, code: b.json.lua } : b.json;
}
