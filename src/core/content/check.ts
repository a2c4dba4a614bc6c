// The content check: every lesson, problem and the interview file, parsed and validated the
// same way by `npm test` (content.test.ts) and at build start (src/content/vitePluginLessons.ts).
// Each issue names the file and the line, so a malformed directive fails loudly, not the learner.
import { validateScenario } from '../scenario/validate';
import { templateById } from '../playground/templates';
import {
  EDITOR_FIELDS,
  FORM_FIELD_FIELDS,
  LAB_WIDGET_FIELDS,
  labStart,
  PROBLEM_KINDS,
  QUESTION_FIELDS,
  STARTER_CODE_FIELDS,
  STARTER_FORM_FIELDS,
  splitLab,
} from './directives';
import { checkInterviewExtras } from './checkInterview';
import { checkDecks } from './checkDecks';
import { parseInterview, type Interview } from './interview';
import { ExploreInputError } from '../races/errors';
import { parseRacesSpec } from '../races/puzzle';
import { runLane, type LaneResult } from './lanes';
import { parseSteps, stepsAgainstLanes, type StepsError } from './steps';
import { ownWordsIssues, type SeedFingerprint } from './ownWords';
import SEED_FINGERPRINT from './seedFingerprint.json';
import { placeholdersIn } from './placeholders';
import { drawQuestion, seededQuestionProblems, type SeededQuestion } from './questionInstance';
import { ContentError, lineOfKey, parseDoc, type Block, type ParsedDoc } from './parseDoc';

export interface ContentIssue {
  file: string;
  line: number;
  message: string;
}

export interface ContentFiles {
  /** Path relative to the project root (`lessons/fixed-window.md`) -> text. */
  [path: string]: string;
}

export const formatIssue = (i: ContentIssue): string => `${i.file}:${i.line}: ${i.message}`;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
type Directive = Extract<Block, { kind: 'directive' }>;

/** Lesson-like Markdown files: lessons/*.md except interview.md and UPPERCASE notes (README). */
export function isLessonFile(path: string): boolean {
  return /^lessons\/[a-z0-9][\w-]*\.md$/.test(path) && path !== 'lessons/interview.md';
}
export function isProblemFile(path: string): boolean {
  return /^lessons\/practice\/[a-z0-9][\w-]*\.md$/.test(path);
}
/** Scheduler puzzles: lessons/puzzles/*.md (#/races/<slug>). */
export function isPuzzleFile(path: string): boolean {
  return /^lessons\/puzzles\/[a-z0-9][\w-]*\.md$/.test(path);
}
export const slugOf = (path: string): string => path.replace(/^.*\//, '').replace(/\.md$/, '');

class Issues {
  list: ContentIssue[] = [];
  add(file: string, line: number, message: string): void {
    this.list.push({ file, line, message });
  }
}

/** The top-level field a validator message is about: `requests[3].cost ...` -> requests. */
function fieldOfMessage(msg: string): string | undefined {
  const m = /^(?:scenario)?\.?([A-Za-z]+)/.exec(msg);
  return m?.[1];
}

function checkLab(out: Issues, file: string, b: Directive): void {
  const spec = b.json as Obj;
  if (spec.compare !== undefined && !isObj(spec.compare))
    out.add(file, lineOfKey(b, 'compare'), 'lab.compare must be an object of fields to override');
  for (const f of ['title', 'caption', 'compareTitle'] as const)
    if (spec[f] !== undefined && typeof spec[f] !== 'string')
      out.add(file, lineOfKey(b, f), `lab.${f} must be a string`);
  if (labStart(spec.start) === null)
    out.add(
      file,
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
    out.add(file, f ? lineOfKey(b, f) : b.line, `lab: ${e}${hint(e)}`);
  }
  if (parts.compare) {
    const merged = validateScenario(parts.compare);
    if (!merged.ok)
      for (const e of clean(merged.errors))
        if (!baseErrors.includes(e))
          out.add(file, lineOfKey(b, 'compare'), `lab compare lane: ${e}${hint(e)}`);
  }
}

/** The file line of step `i`'s `field` inside a ```steps block (its "at" line, then the field). */
function stepLine(b: Directive, e: StepsError): number {
  if (e.step < 0) return e.field ? lineOfKey(b, e.field) : b.line;
  const lines = b.text.split('\n');
  const starts: number[] = [];
  lines.forEach((l, k) => {
    if (/"at"\s*:/.test(l)) starts.push(k);
  });
  const from = starts[e.step];
  if (from === undefined) return lineOfKey(b, 'steps');
  const to = starts[e.step + 1] ?? lines.length;
  // A step written on one line, or its field on a later line before the next step.
  for (let k = from; k < to; k++)
    if (new RegExp(`"${e.field}"\\s*:`).test(lines[k]!)) return b.line + 1 + k;
  return b.line + 1 + from;
}

/** Runs a lab block's lane(s) on the engine, for checks that need the run. */
function lanesOf(b: Directive): LaneResult[] {
  const parts = splitLab(b.json as Obj);
  const lanes = [runLane(parts.scenario)];
  if (parts.compare) lanes.push(runLane(parts.compare));
  return lanes;
}

function checkSteps(out: Issues, file: string, b: Directive, labs: Directive[]): void {
  const { spec, errors } = parseSteps(b.json);
  for (const e of errors) out.add(file, stepLine(b, e), e.message);
  if (!spec) return;
  const lab = spec.lab !== undefined ? labs[spec.lab - 1] : labs[labs.length - 1];
  if (!lab) {
    out.add(
      file,
      spec.lab !== undefined ? lineOfKey(b, 'lab') : b.line,
      spec.lab !== undefined
        ? `steps.lab ${spec.lab}: this lesson has ${labs.length} lab block(s) before it`
        : 'a steps block narrates a lab: put it after a lab block, or name one with "lab"',
    );
    return;
  }
  if (lab.json === null) return; // the lab's own problems are already reported
  let lanes: LaneResult[];
  try {
    lanes = lanesOf(lab);
  } catch (e) {
    out.add(
      file,
      b.line,
      `steps: the lab at line ${lab.line} could not run: ${(e as Error).message}`,
    );
    return;
  }
  for (const e of stepsAgainstLanes(spec, lanes))
    out.add(file, stepLine(b, e), `${e.message} (lab at line ${lab.line})`);
}

function unknownFields(out: Issues, file: string, b: Directive, known: readonly string[]): void {
  for (const k of Object.keys(b.json as Obj))
    if (!known.includes(k))
      out.add(
        file,
        lineOfKey(b, k),
        `${b.name}.${k} is not a known field (allowed: ${known.join(', ')})`,
      );
}

function checkEditor(out: Issues, file: string, b: Directive): void {
  const spec = b.json as Obj;
  unknownFields(out, file, b, EDITOR_FIELDS);
  if ((spec.template === undefined) === (spec.code === undefined))
    out.add(file, b.line, 'an editor block needs exactly one of "template" or "code"');
  if (
    spec.template !== undefined &&
    (typeof spec.template !== 'string' || !templateById(spec.template))
  )
    out.add(
      file,
      lineOfKey(b, 'template'),
      `editor.template "${String(spec.template)}" is not a Lua template`,
    );
  if (spec.code !== undefined && typeof spec.code !== 'string')
    out.add(file, lineOfKey(b, 'code'), 'editor.code must be a string');
}

function checkQuestion(out: Issues, file: string, b: Directive): void {
  const q = b.json as Obj;
  unknownFields(out, file, b, QUESTION_FIELDS);
  if (typeof q.prompt !== 'string' || !q.prompt.trim())
    out.add(file, b.line, 'question.prompt is required (a string)');
  if (typeof q.explanation !== 'string' || !q.explanation.trim())
    out.add(file, b.line, 'question.explanation is required (a string)');
  if (q.vars !== undefined || q.scenario !== undefined || q.measure !== undefined) {
    const problems = seededQuestionProblems(q);
    for (const m of problems) out.add(file, lineOfKey(b, m.split(/[ .]/)[1] ?? 'vars'), m);
    if (problems.length) return;
    const known = new Set(Object.keys(q.vars as Obj));
    for (const f of ['prompt', 'explanation'] as const)
      for (const name of placeholdersIn(String(q[f] ?? '')))
        if (!known.has(name) && !(f === 'explanation' && name === 'answer'))
          out.add(
            file,
            lineOfKey(b, f),
            `question.${f} uses {{${name}}}, which is not one of its vars`,
          );
    try {
      const first = drawQuestion(q as unknown as SeededQuestion, 0);
      const r = validateScenario(first.scenario);
      if (!r.ok)
        for (const e of r.errors)
          out.add(file, lineOfKey(b, 'scenario'), `question.scenario: ${e.replace(/^\./, '')}`);
    } catch (e) {
      out.add(file, lineOfKey(b, 'scenario'), `question.scenario: ${(e as Error).message}`);
    }
    return;
  }
  const numeric = q.numeric !== undefined;
  if (numeric) {
    if (typeof q.numeric !== 'number' || !Number.isFinite(q.numeric))
      out.add(file, lineOfKey(b, 'numeric'), 'question.numeric must be a number');
    if (q.choices !== undefined || q.answer !== undefined)
      out.add(file, b.line, 'a numeric question has no choices or answer (use one or the other)');
    if (q.tolerance !== undefined && (typeof q.tolerance !== 'number' || q.tolerance < 0))
      out.add(file, lineOfKey(b, 'tolerance'), 'question.tolerance must be a number >= 0');
    return;
  }
  const choices = q.choices;
  if (
    !Array.isArray(choices) ||
    choices.length < 2 ||
    !choices.every((c) => typeof c === 'string')
  ) {
    out.add(
      file,
      lineOfKey(b, 'choices'),
      'question.choices must be a list of at least 2 strings (or give "numeric")',
    );
    return;
  }
  if (q.answer === undefined)
    out.add(file, b.line, 'question.answer is required (the 0-based index of the right choice)');
  else if (
    typeof q.answer !== 'number' ||
    !Number.isInteger(q.answer) ||
    q.answer < 0 ||
    q.answer >= choices.length
  )
    out.add(
      file,
      lineOfKey(b, 'answer'),
      `question.answer ${JSON.stringify(q.answer)} is out of range: it must be 0..${choices.length - 1}`,
    );
}

/** A ```races block: the explorer input and the goal (src/core/races/puzzle.ts). */
function checkRaces(out: Issues, file: string, b: Directive, puzzle: boolean): void {
  try {
    const spec = parseRacesSpec(b.json, puzzle ? 'break' : 'play');
    if (puzzle && spec.goal === 'play')
      out.add(file, lineOfKey(b, 'goal'), 'a puzzle needs a goal: "break" or "prove"');
  } catch (e) {
    if (!(e instanceof ExploreInputError)) throw e;
    for (const m of e.errors) {
      const field = /^(?:races[.:] ?)?([A-Za-z]+)/.exec(m)?.[1];
      out.add(
        file,
        field ? lineOfKey(b, field) : b.line,
        m.startsWith('races') ? m : `races: ${m}`,
      );
    }
  }
}

function checkStarter(out: Issues, file: string, b: Directive, kind: string): void {
  if (b.info === 'lua') {
    if (kind !== 'fix' && kind !== 'write')
      out.add(file, b.line, `a \`starter lua\` block is for fix/write problems, not ${kind}`);
    return;
  }
  const s = b.json as Obj;
  if (kind === 'fix' || kind === 'write') {
    unknownFields(out, file, b, STARTER_CODE_FIELDS);
    if (s.template !== undefined && (typeof s.template !== 'string' || !templateById(s.template)))
      out.add(
        file,
        lineOfKey(b, 'template'),
        `starter.template "${String(s.template)}" is not a Lua template`,
      );
    if (s.code === undefined && s.lua === undefined && s.template === undefined)
      out.add(file, b.line, 'a fix/write starter needs "lua", "code" or "template"');
    for (const f of ['lua', 'code'] as const)
      if (s[f] !== undefined && typeof s[f] !== 'string')
        out.add(file, lineOfKey(b, f), `starter.${f} must be a string`);
    return;
  }
  unknownFields(out, file, b, STARTER_FORM_FIELDS);
  if (s.scenario !== undefined) {
    const r = validateScenario(s.scenario);
    if (!r.ok)
      for (const e of r.errors)
        out.add(file, lineOfKey(b, 'scenario'), `starter.scenario: ${e.replace(/^\./, '')}`);
  }
  if (s.form === undefined) {
    if (s.answer === undefined && !isObj(s.params) && !isObj(s.choices))
      out.add(file, b.line, 'a starter needs "form", "answer", "params" or "choices"');
    return;
  }
  if (!Array.isArray(s.form) || s.form.length === 0) {
    out.add(
      file,
      b.line,
      'starter.form must be a non-empty list of fields ({"id", "label", "type"?, "choices"?})',
    );
    return;
  }
  const ids = new Set<string>();
  s.form.forEach((f: unknown, i) => {
    const line = b.line + 1;
    if (!isObj(f)) return out.add(file, line, `starter.form[${i}] must be an object`);
    for (const k of Object.keys(f))
      if (!(FORM_FIELD_FIELDS as readonly string[]).includes(k))
        out.add(file, lineOfKey(b, k), `starter.form[${i}].${k} is not a known field`);
    if (typeof f.id !== 'string' || !f.id) out.add(file, line, `starter.form[${i}].id is required`);
    else if (ids.has(f.id)) out.add(file, line, `starter.form[${i}].id "${f.id}" is used twice`);
    else ids.add(f.id);
    if (typeof f.label !== 'string') out.add(file, line, `starter.form[${i}].label is required`);
    const type = f.type ?? 'number';
    if (!['number', 'choice', 'text'].includes(String(type)))
      out.add(file, lineOfKey(b, 'type'), `starter.form[${i}].type must be number, choice or text`);
    if (type === 'choice' && (!Array.isArray(f.choices) || f.choices.length < 2))
      out.add(file, line, `starter.form[${i}].choices must list at least 2 options`);
  });
}

/** Every internal link in a Markdown text: #/lessons/x, #/practice/x and relative .md files. */
function checkLinks(
  out: Issues,
  file: string,
  line0: number,
  text: string,
  known: KnownDocs,
): void {
  const lines = text.split('\n');
  lines.forEach((l, k) => {
    for (const m of l.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const href = m[1]!;
      const err = linkProblem(file, href, known);
      if (err) out.add(file, line0 + k, err);
    }
  });
}

interface KnownDocs {
  lessons: Set<string>;
  problems: Set<string>;
  puzzles: Set<string>;
  files: Set<string>;
}

function linkProblem(file: string, href: string, known: KnownDocs): string | null {
  const puzzle = /^#\/races\/([^?#/]+)/.exec(href);
  if (puzzle)
    return known.puzzles.has(puzzle[1]!)
      ? null
      : `broken link ${href}: there is no puzzle "${puzzle[1]}"`;
  const route = /^#\/(lessons|practice)\/([^?#/]+)/.exec(href);
  if (route) {
    const [, section, slug] = route;
    const set = section === 'lessons' ? known.lessons : known.problems;
    return set.has(slug!)
      ? null
      : `broken link ${href}: there is no ${section === 'lessons' ? 'lesson' : 'problem'} "${slug}"`;
  }
  if (/^[a-z]+:/i.test(href) || href.startsWith('#')) return null;
  const path = href.replace(/[?#].*$/, '');
  if (!path.endsWith('.md')) return null;
  const dir = file.split('/').slice(0, -1);
  for (const part of path.split('/')) {
    if (part === '..') dir.pop();
    else if (part !== '.' && part !== '') dir.push(part);
  }
  const target = dir.join('/');
  return known.files.has(target) ? null : `broken link ${href}: ${target} does not exist`;
}

function markdownTexts(doc: ParsedDoc): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  for (const b of doc.blocks) {
    if (b.kind === 'markdown') out.push({ line: b.line, text: b.text });
    else if (b.name === 'recap' || b.name === 'hint' || b.name === 'solution')
      out.push({ line: b.line + 1, text: b.text });
    else if (b.name === 'question' && isObj(b.json))
      for (const k of ['prompt', 'explanation'])
        if (typeof b.json[k] === 'string') out.push({ line: lineOfKey(b, k), text: b.json[k] });
  }
  return out;
}

function checkDoc(out: Issues, doc: ParsedDoc, problem: boolean, known: KnownDocs): void {
  const { file } = doc;
  if (typeof doc.front.title !== 'string' || !doc.front.title.trim())
    out.add(file, 1, 'front matter needs a title');
  if (doc.front.slug !== undefined && doc.front.slug !== slugOf(file))
    out.add(
      file,
      doc.frontLines.slug ?? 1,
      `front matter slug "${String(doc.front.slug)}" must match the file name "${slugOf(file)}"`,
    );
  const kind = String(doc.front.kind ?? '');
  if (problem) {
    if (!(PROBLEM_KINDS as readonly string[]).includes(kind))
      out.add(
        file,
        doc.frontLines.kind ?? 1,
        `front matter kind must be one of ${PROBLEM_KINDS.join(', ')}`,
      );
    if (typeof doc.front.grader !== 'string' || !doc.front.grader)
      out.add(file, doc.frontLines.grader ?? 1, 'front matter needs grader: <grader id>');
    const l = doc.front.lessons;
    if (l !== undefined) {
      const list = Array.isArray(l) ? l : [l];
      for (const x of list)
        if (typeof x !== 'string' || !known.lessons.has(x))
          out.add(
            file,
            doc.frontLines.lessons ?? 1,
            `front matter lessons: "${String(x)}" is not a lesson (lessons link back to the lessons a problem practises)`,
          );
    }
    const starter = doc.blocks.find(
      (b): b is Directive => b.kind === 'directive' && b.name === 'starter',
    );
    const vars =
      starter && isObj(starter.json) && isObj(starter.json.vars) ? starter.json.vars : null;
    const texts = doc.blocks.flatMap((b) =>
      b.kind === 'markdown'
        ? [{ line: b.line, text: b.text }]
        : b.name === 'hint'
          ? [{ line: b.line + 1, text: b.text }]
          : [],
    );
    // Placeholders belong to problems with instances (predict); elsewhere braces are text,
    // such as the hash tag {{tenant}} in a key template.
    if (vars || kind === 'predict')
      for (const t of texts)
        for (const name of placeholdersIn(t.text))
          if (!vars || !(name in vars))
            out.add(
              file,
              t.line,
              `{{${name}}} has no value: give the starter a "vars" object with "${name}" (the statement's own numbers)`,
            );
  }
  const count: Record<string, number> = {};
  const labs: Directive[] = [];
  for (const b of doc.blocks) {
    if (b.kind !== 'directive') continue;
    count[b.name] = (count[b.name] ?? 0) + 1;
    if (!problem && ['hint', 'solution', 'starter', 'answer'].includes(b.name))
      out.add(file, b.line, `a ${b.name} block belongs in a practice problem, not a lesson`);
    switch (b.name) {
      case 'lab': {
        const before = out.list.length;
        checkLab(out, file, b);
        // A lab that failed validation cannot be run for the steps that narrate it.
        if (out.list.length === before) labs.push(b);
        else labs.push({ ...b, json: null });
        break;
      }
      case 'steps':
        checkSteps(out, file, b, labs);
        break;
      case 'editor':
        checkEditor(out, file, b);
        break;
      case 'question':
        checkQuestion(out, file, b);
        break;
      case 'starter':
        if (problem) checkStarter(out, file, b, kind);
        break;
      case 'races':
        checkRaces(out, file, b, false);
        break;
      default:
        break;
    }
  }
  for (const t of markdownTexts(doc)) checkLinks(out, file, t.line, t.text, known);
  const last = doc.blocks.length ? doc.blocks[doc.blocks.length - 1]!.line : 1;
  if (!problem) {
    if ((count.question ?? 0) < 2)
      out.add(file, last, `a lesson needs at least 2 question blocks (has ${count.question ?? 0})`);
    if ((count.recap ?? 0) < 1) out.add(file, last, 'a lesson needs a recap block');
  } else {
    if ((count.starter ?? 0) !== 1)
      out.add(file, last, `a problem needs exactly one starter block (has ${count.starter ?? 0})`);
    if ((count.answer ?? 0) !== 1)
      out.add(
        file,
        last,
        `a problem needs exactly one answer block, the graded worked answer (has ${count.answer ?? 0})`,
      );
    if ((count.hint ?? 0) < 1) out.add(file, last, 'a problem needs at least one hint block');
    if ((count.solution ?? 0) !== 1)
      out.add(
        file,
        last,
        `a problem needs exactly one solution block (has ${count.solution ?? 0})`,
      );
  }
}

/** A scheduler puzzle: a title, one ```races block with a goal, and hints. */
function checkPuzzle(out: Issues, doc: ParsedDoc, known: KnownDocs): void {
  const { file } = doc;
  if (typeof doc.front.title !== 'string' || !doc.front.title.trim())
    out.add(file, 1, 'front matter needs a title');
  if (doc.front.slug !== undefined && doc.front.slug !== slugOf(file))
    out.add(
      file,
      doc.frontLines.slug ?? 1,
      `front matter slug "${String(doc.front.slug)}" must match the file name "${slugOf(file)}"`,
    );
  let races = 0;
  let hints = 0;
  for (const b of doc.blocks) {
    if (b.kind !== 'directive') continue;
    if (b.name === 'races') {
      races++;
      checkRaces(out, file, b, true);
    } else if (b.name === 'hint') hints++;
    else if (b.name !== 'recap')
      out.add(file, b.line, `a ${b.name} block does not belong in a puzzle (races, hint, recap)`);
  }
  if (races !== 1) out.add(file, 1, `a puzzle needs exactly one races block (has ${races})`);
  if (hints < 1) out.add(file, 1, 'a puzzle needs at least one hint block');
  for (const t of markdownTexts(doc)) checkLinks(out, file, t.line, t.text, known);
}

/**
 * The own-words rule in the content check: no run of 8+ words from the seed chapters in any
 * content file (lessons, practice, puzzles, decks, interview; lessons/SEED-MAP.md excepted).
 * ownWords.test.ts holds the README, docs/ and src/ to the same rule.
 */
export const CHECK_OWN_WORDS = true;

export interface CheckOptions {
  /** Apply the own-words rule (default CHECK_OWN_WORDS). */
  ownWords?: boolean;
  /** The seeds' fingerprint (default: the committed src/core/content/seedFingerprint.json). */
  fingerprint?: Pick<SeedFingerprint, 'hashes' | 'words'>;
}

export interface ContentIndex {
  lessons?: string[];
  practice?: string[];
  puzzles?: string[];
  interview?: string;
}

/**
 * Checks every content file. `files` maps root-relative paths to text and should hold all of
 * lessons/*.md, lessons/practice/*.md, lessons/interview.md, lessons/interview/*.md,
 * lessons/decks/*.md and lessons/index.json.
 */
export function checkContent(files: ContentFiles, options: CheckOptions = {}): ContentIssue[] {
  const out = new Issues();
  if (options.ownWords ?? CHECK_OWN_WORDS)
    for (const i of ownWordsIssues(files, options.fingerprint ?? SEED_FINGERPRINT))
      out.add(i.file, i.line, i.message);
  const paths = Object.keys(files).sort();
  const lessonPaths = paths.filter(isLessonFile);
  const problemPaths = paths.filter(isProblemFile);
  const puzzlePaths = paths.filter(isPuzzleFile);
  const known: KnownDocs = {
    lessons: new Set(lessonPaths.map(slugOf)),
    problems: new Set(problemPaths.map(slugOf)),
    puzzles: new Set(puzzlePaths.map(slugOf)),
    files: new Set(paths),
  };
  for (const p of puzzlePaths) {
    try {
      checkPuzzle(out, parseDoc(p, files[p]!), known);
    } catch (e) {
      if (e instanceof ContentError) out.add(e.file, e.line, e.reason);
      else throw e;
    }
  }

  for (const [list, problem] of [
    [lessonPaths, false],
    [problemPaths, true],
  ] as const) {
    for (const p of list) {
      try {
        checkDoc(out, parseDoc(p, files[p]!), problem, known);
      } catch (e) {
        if (e instanceof ContentError) out.add(e.file, e.line, e.reason);
        else throw e;
      }
    }
  }

  const indexPath = 'lessons/index.json';
  const indexText = files[indexPath];
  let index: ContentIndex = {};
  if (indexText === undefined)
    out.add(indexPath, 1, 'lessons/index.json is missing (it gives the lesson order)');
  else {
    try {
      const parsed: unknown = JSON.parse(indexText);
      if (!isObj(parsed)) throw new Error('must be a JSON object');
      index = parsed as ContentIndex;
    } catch (e) {
      out.add(indexPath, 1, `not valid JSON: ${(e as Error).message}`);
    }
    const lineOf = (s: string): number => {
      const k = indexText.split('\n').findIndex((l) => l.includes(`"${s}"`));
      return k < 0 ? 1 : k + 1;
    };
    for (const k of Object.keys(index))
      if (!['lessons', 'practice', 'puzzles', 'interview'].includes(k))
        out.add(indexPath, lineOf(k), `"${k}" is not a known field`);
    for (const [field, dir, set] of [
      ['lessons', 'lessons', known.lessons],
      ['practice', 'lessons/practice', known.problems],
      ['puzzles', 'lessons/puzzles', known.puzzles],
    ] as const) {
      const names = index[field];
      if (names === undefined) continue;
      if (!Array.isArray(names)) {
        out.add(indexPath, lineOf(field), `"${field}" must be a list of slugs`);
        continue;
      }
      const seen = new Set<string>();
      for (const s of names) {
        if (typeof s !== 'string' || !set.has(s))
          out.add(
            indexPath,
            lineOf(String(s)),
            `${field} names "${String(s)}", but ${dir}/${String(s)}.md does not exist`,
          );
        if (seen.has(s))
          out.add(indexPath, lineOf(String(s)), `${field} names "${String(s)}" twice`);
        seen.add(s);
      }
      for (const s of set)
        if (!seen.has(s))
          out.add(
            `${dir}/${s}.md`,
            1,
            `this file is not listed in lessons/index.json "${field}", so no one can reach it in order`,
          );
    }
    if (index.interview !== undefined && !known.files.has(`lessons/${index.interview}`))
      out.add(
        indexPath,
        lineOf(String(index.interview)),
        `interview names "${String(index.interview)}", but lessons/${String(index.interview)} does not exist`,
      );
  }

  const interviewPath = `lessons/${typeof index.interview === 'string' ? index.interview : 'interview.md'}`;
  const interviewText = files[interviewPath];
  let parsedInterview: Interview | null = null;
  if (interviewText !== undefined) {
    try {
      const iv = parseInterview(interviewPath, interviewText);
      parsedInterview = iv;
      if (iv.questions.length === 0)
        out.add(interviewPath, 1, 'the interview file has no "## " questions');
      for (const q of iv.questions) {
        if (!q.answer.trim())
          out.add(interviewPath, q.line, `question "${q.title}" has no \`\`\`answer block`);
        if (!q.lesson)
          out.add(interviewPath, q.line, `question "${q.title}" has no "Lesson: <slug>" line`);
        else if (!known.lessons.has(q.lesson))
          out.add(
            interviewPath,
            q.lessonLine,
            `Lesson: ${q.lesson} names a lesson that does not exist`,
          );
        checkLinks(out, interviewPath, q.line, q.prompt, known);
        checkLinks(out, interviewPath, q.line, q.answer, known);
      }
    } catch (e) {
      if (e instanceof ContentError) out.add(e.file, e.line, e.reason);
      else throw e;
    }
  }
  // Interview rubrics (lessons/interview/*.md) and presenter decks (lessons/decks/*.md).
  const helpers = {
    add: (file: string, line: number, message: string) => out.add(file, line, message),
    count: () => out.list.length,
    lab: (file: string, b: Directive) => checkLab(out, file, b),
    links: (file: string, line: number, text: string) => checkLinks(out, file, line, text, known),
    lessons: known.lessons,
    labsOf: (slug: string) => labCount(files[`lessons/${slug}.md`]),
  };
  checkInterviewExtras(helpers, files, interviewPath, parsedInterview);
  checkDecks(helpers, files);
  return out.list;
}

function labCount(text: string | undefined): number {
  if (text === undefined) return 0;
  try {
    return parseDoc('x.md', text).blocks.filter((b) => b.kind === 'directive' && b.name === 'lab')
      .length;
  } catch {
    return 0;
  }
}
