// The content check for one lesson, practice problem or scheduler puzzle: its front matter,
// its directive blocks (checkBlocks.ts), how many of each it needs, its placeholders and links.
import { isObj } from '../util/isObj';
import type { Directive } from './block';
import { checkBlocks } from './checkBlocks';
import type { DirectiveRegistry } from './directives';
import { PROBLEM_KINDS } from './directives/starter';
import type { Issues } from './issues';
import { checkLinks, type KnownDocs } from './links';
import type { ParsedDoc } from './parseDoc';
import { slugOf } from './paths';
import { placeholdersIn } from './placeholders';

function checkTitleAndSlug(out: Issues, doc: ParsedDoc): void {
  const { file } = doc;
  if (typeof doc.front.title !== 'string' || !doc.front.title.trim())
    out.add(file, 1, 'front matter needs a title');
  if (doc.front.slug !== undefined && doc.front.slug !== slugOf(file))
    out.add(
      file,
      doc.frontLines.slug ?? 1,
      `front matter slug "${String(doc.front.slug)}" must match the file name "${slugOf(file)}"`,
    );
}

/** A problem's front matter (kind, grader, lessons) and the placeholders its prose uses. */
function checkProblemFront(out: Issues, doc: ParsedDoc, known: KnownDocs): void {
  const { file } = doc;
  const kind = String(doc.front.kind ?? '');
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

/** A lesson (`problem` false) or a practice problem. */
export function checkDoc(
  out: Issues,
  doc: ParsedDoc,
  problem: boolean,
  known: KnownDocs,
  registry: DirectiveRegistry,
): void {
  const { file } = doc;
  checkTitleAndSlug(out, doc);
  if (problem) checkProblemFront(out, doc, known);
  const { count, texts } = checkBlocks(out, doc, problem ? 'problem' : 'lesson', registry);
  for (const t of texts) checkLinks(out, file, t.line, t.text, known);
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
export function checkPuzzle(
  out: Issues,
  doc: ParsedDoc,
  known: KnownDocs,
  registry: DirectiveRegistry,
): void {
  const { file } = doc;
  checkTitleAndSlug(out, doc);
  const { count, texts } = checkBlocks(out, doc, 'puzzle', registry);
  const races = count.races ?? 0;
  if (races !== 1) out.add(file, 1, `a puzzle needs exactly one races block (has ${races})`);
  if ((count.hint ?? 0) < 1) out.add(file, 1, 'a puzzle needs at least one hint block');
  for (const t of texts) checkLinks(out, file, t.line, t.text, known);
}
