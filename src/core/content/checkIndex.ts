// The content check's part for lessons/index.json (the order of lessons, problems and puzzles,
// and the interview file's name) and the interview file's questions.
import { isObj } from '../util/isObj';
import { parseInterview, type Interview } from './interview';
import type { Issues } from './issues';
import { checkLinks, type KnownDocs } from './links';
import { ContentError } from './parseDoc';

export interface ContentIndex {
  lessons?: string[];
  practice?: string[];
  puzzles?: string[];
  interview?: string;
}

/** Checks lessons/index.json (`text`, undefined when missing) and returns what it says. */
export function checkIndex(out: Issues, text: string | undefined, known: KnownDocs): ContentIndex {
  const indexPath = 'lessons/index.json';
  let index: ContentIndex = {};
  if (text === undefined) {
    out.add(indexPath, 1, 'lessons/index.json is missing (it gives the lesson order)');
    return index;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObj(parsed)) throw new Error('must be a JSON object');
    index = parsed as ContentIndex;
  } catch (e) {
    out.add(indexPath, 1, `not valid JSON: ${(e as Error).message}`);
  }
  const lineOf = (s: string): number => {
    const k = text.split('\n').findIndex((l) => l.includes(`"${s}"`));
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
      if (seen.has(s)) out.add(indexPath, lineOf(String(s)), `${field} names "${String(s)}" twice`);
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
  return index;
}

/** Checks the interview file's questions; returns it parsed (null when missing or unreadable). */
export function checkInterviewFile(
  out: Issues,
  path: string,
  text: string | undefined,
  known: KnownDocs,
): Interview | null {
  if (text === undefined) return null;
  try {
    const iv = parseInterview(path, text);
    if (iv.questions.length === 0) out.add(path, 1, 'the interview file has no "## " questions');
    for (const q of iv.questions) {
      if (!q.answer.trim())
        out.add(path, q.line, `question "${q.title}" has no \`\`\`answer block`);
      if (!q.lesson) out.add(path, q.line, `question "${q.title}" has no "Lesson: <slug>" line`);
      else if (!known.lessons.has(q.lesson))
        out.add(path, q.lessonLine, `Lesson: ${q.lesson} names a lesson that does not exist`);
      checkLinks(out, path, q.line, q.prompt, known);
      checkLinks(out, path, q.line, q.answer, known);
    }
    return iv;
  } catch (e) {
    if (e instanceof ContentError) out.add(e.file, e.line, e.reason);
    else throw e;
    return null;
  }
}
