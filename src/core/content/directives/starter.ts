// ```starter: what a problem's learner starts from: an answer form (predict, configure,
// choose) or a script (fix, write; ```starter lua gives it verbatim).
import { isTemplateId } from '../../playground/templateIds';
import { validateScenario } from '../../scenario/validate';
import { lineOfKey, type DirectiveBlock } from '../block';
import { isObj, unknownFields, type DirectiveCheck, type DirectiveEntry, type Obj } from './entry';

/** The kinds of practice problem (front matter `kind`); a starter's fields depend on it. */
export const PROBLEM_KINDS = ['predict', 'configure', 'fix', 'write', 'choose'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

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

function checkCode(b: DirectiveBlock, c: DirectiveCheck, s: Obj): void {
  unknownFields(c, b, STARTER_CODE_FIELDS);
  if (s.template !== undefined && !isTemplateId(s.template))
    c.add(
      lineOfKey(b, 'template'),
      `starter.template "${String(s.template)}" is not a Lua template`,
    );
  if (s.code === undefined && s.lua === undefined && s.template === undefined)
    c.add(b.line, 'a fix/write starter needs "lua", "code" or "template"');
  for (const f of ['lua', 'code'] as const)
    if (s[f] !== undefined && typeof s[f] !== 'string')
      c.add(lineOfKey(b, f), `starter.${f} must be a string`);
}

function checkForm(b: DirectiveBlock, c: DirectiveCheck, form: unknown[]): void {
  const ids = new Set<string>();
  form.forEach((f: unknown, i) => {
    const line = b.line + 1;
    if (!isObj(f)) return c.add(line, `starter.form[${i}] must be an object`);
    for (const k of Object.keys(f))
      if (!(FORM_FIELD_FIELDS as readonly string[]).includes(k))
        c.add(lineOfKey(b, k), `starter.form[${i}].${k} is not a known field`);
    if (typeof f.id !== 'string' || !f.id) c.add(line, `starter.form[${i}].id is required`);
    else if (ids.has(f.id)) c.add(line, `starter.form[${i}].id "${f.id}" is used twice`);
    else ids.add(f.id);
    if (typeof f.label !== 'string') c.add(line, `starter.form[${i}].label is required`);
    const type = f.type ?? 'number';
    if (!['number', 'choice', 'text'].includes(String(type)))
      c.add(lineOfKey(b, 'type'), `starter.form[${i}].type must be number, choice or text`);
    if (type === 'choice' && (!Array.isArray(f.choices) || f.choices.length < 2))
      c.add(line, `starter.form[${i}].choices must list at least 2 options`);
  });
}

function checkStarter(b: DirectiveBlock, c: DirectiveCheck): void {
  const { kind } = c;
  if (b.info === 'lua') {
    if (kind !== 'fix' && kind !== 'write')
      c.add(b.line, `a \`starter lua\` block is for fix/write problems, not ${kind}`);
    return;
  }
  const s = b.json as Obj;
  if (kind === 'fix' || kind === 'write') return checkCode(b, c, s);
  unknownFields(c, b, STARTER_FORM_FIELDS);
  if (s.scenario !== undefined) {
    const r = validateScenario(s.scenario);
    if (!r.ok)
      for (const e of r.errors)
        c.add(lineOfKey(b, 'scenario'), `starter.scenario: ${e.replace(/^\./, '')}`);
  }
  if (s.form === undefined) {
    if (s.answer === undefined && !isObj(s.params) && !isObj(s.choices))
      c.add(b.line, 'a starter needs "form", "answer", "params" or "choices"');
    return;
  }
  if (!Array.isArray(s.form) || s.form.length === 0) {
    c.add(
      b.line,
      'starter.form must be a non-empty list of fields ({"id", "label", "type"?, "choices"?})',
    );
    return;
  }
  checkForm(b, c, s.form);
}

export const starter: DirectiveEntry<'starter'> = {
  name: 'starter',
  json: true,
  script: true,
  fields: [...new Set([...STARTER_FORM_FIELDS, ...STARTER_CODE_FIELDS])],
  closed: false,
  places: ['problem'],
  check: checkStarter,
};
