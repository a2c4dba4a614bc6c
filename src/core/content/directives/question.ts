// ```question: a check question with choices, a number, or fresh numbers per attempt (vars, a
// scenario and what to measure in its run; ../questionInstance.ts draws them).
import { validateScenario } from '../../scenario/validate';
import { lineOfKey, type DirectiveBlock } from '../block';
import { placeholdersIn } from '../placeholders';
import { drawQuestion, seededQuestionProblems, type SeededQuestion } from '../questionInstance';
import { isObj, type DirectiveCheck, type DirectiveEntry, type Obj } from './entry';

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

/** A question with vars: its draws, placeholders and scenario. */
function checkSeeded(b: DirectiveBlock, c: DirectiveCheck, q: Obj): void {
  const problems = seededQuestionProblems(q);
  for (const m of problems) c.add(lineOfKey(b, m.split(/[ .]/)[1] ?? 'vars'), m);
  if (problems.length) return;
  const known = new Set(Object.keys(q.vars as Obj));
  for (const f of ['prompt', 'explanation'] as const)
    for (const name of placeholdersIn(String(q[f] ?? '')))
      if (!known.has(name) && !(f === 'explanation' && name === 'answer'))
        c.add(lineOfKey(b, f), `question.${f} uses {{${name}}}, which is not one of its vars`);
  try {
    const first = drawQuestion(q as unknown as SeededQuestion, 0);
    const r = validateScenario(first.scenario);
    if (!r.ok)
      for (const e of r.errors)
        c.add(lineOfKey(b, 'scenario'), `question.scenario: ${e.replace(/^\./, '')}`);
  } catch (e) {
    c.add(lineOfKey(b, 'scenario'), `question.scenario: ${(e as Error).message}`);
  }
}

function checkQuestion(b: DirectiveBlock, c: DirectiveCheck): void {
  const q = b.json as Obj;
  if (typeof q.prompt !== 'string' || !q.prompt.trim())
    c.add(b.line, 'question.prompt is required (a string)');
  if (typeof q.explanation !== 'string' || !q.explanation.trim())
    c.add(b.line, 'question.explanation is required (a string)');
  if (q.vars !== undefined || q.scenario !== undefined || q.measure !== undefined)
    return checkSeeded(b, c, q);
  if (q.numeric !== undefined) {
    if (typeof q.numeric !== 'number' || !Number.isFinite(q.numeric))
      c.add(lineOfKey(b, 'numeric'), 'question.numeric must be a number');
    if (q.choices !== undefined || q.answer !== undefined)
      c.add(b.line, 'a numeric question has no choices or answer (use one or the other)');
    if (q.tolerance !== undefined && (typeof q.tolerance !== 'number' || q.tolerance < 0))
      c.add(lineOfKey(b, 'tolerance'), 'question.tolerance must be a number >= 0');
    return;
  }
  const choices = q.choices;
  if (
    !Array.isArray(choices) ||
    choices.length < 2 ||
    !choices.every((x) => typeof x === 'string')
  ) {
    c.add(
      lineOfKey(b, 'choices'),
      'question.choices must be a list of at least 2 strings (or give "numeric")',
    );
    return;
  }
  if (q.answer === undefined)
    c.add(b.line, 'question.answer is required (the 0-based index of the right choice)');
  else if (
    typeof q.answer !== 'number' ||
    !Number.isInteger(q.answer) ||
    q.answer < 0 ||
    q.answer >= choices.length
  )
    c.add(
      lineOfKey(b, 'answer'),
      `question.answer ${JSON.stringify(q.answer)} is out of range: it must be 0..${choices.length - 1}`,
    );
}

export const question: DirectiveEntry<'question'> = {
  name: 'question',
  json: true,
  fields: QUESTION_FIELDS,
  closed: true,
  places: ['lesson', 'problem'],
  check: checkQuestion,
  // The prompt and the explanation are Markdown.
  texts: (b) =>
    isObj(b.json)
      ? (['prompt', 'explanation'] as const).flatMap((k) => {
          const t = (b.json as Obj)[k];
          return typeof t === 'string' ? [{ line: lineOfKey(b, k), text: t }] : [];
        })
      : [],
};
