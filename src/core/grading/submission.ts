// Turns a problem's ```starter and ```answer blocks into submissions for its grader.
import type { FormField, StarterSpec } from '../content/directives';
import type { Block, ParsedDoc } from '../content/parseDoc';
import { templateById } from '../scripts/templates';
import type { Submission } from './types';

type Directive = Extract<Block, { kind: 'directive' }>;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function block(doc: ParsedDoc, name: string): Directive | undefined {
  return doc.blocks.find((b): b is Directive => b.kind === 'directive' && b.name === name);
}

/** The starter as the page shows it: an answer form or a script. */
export function starterOf(doc: ParsedDoc): StarterSpec {
  const b = block(doc, 'starter');
  if (!b) return { kind: 'form', form: [] };
  if (b.info === 'lua') return { kind: 'code', code: b.text };
  const s = isObj(b.json) ? b.json : {};
  const note = typeof s.note === 'string' ? s.note : undefined;
  if (Array.isArray(s.form)) return { kind: 'form', form: s.form as FormField[], ...(note ? { note } : {}) };
  const template = typeof s.template === 'string' ? s.template : undefined;
  const code = typeof s.code === 'string' ? s.code : (template && templateById(template)?.source) || '';
  return { kind: 'code', code, ...(template ? { template } : {}), ...(note ? { note } : {}) };
}

/** The starter submitted as is (form defaults, or the starter script). */
export function starterSubmission(doc: ParsedDoc): Submission {
  const s = starterOf(doc);
  if (s.kind === 'code') return { code: s.code };
  const out: Submission = {};
  for (const f of s.form) out[f.id] = f.value ?? '';
  return out;
}

/** The worked answer (```answer JSON, or ```answer lua for a script); null if absent. */
export function answerSubmission(doc: ParsedDoc): Submission | null {
  const b = block(doc, 'answer');
  if (!b) return null;
  if (b.info === 'lua') return { code: b.text };
  return isObj(b.json) ? b.json : null;
}
