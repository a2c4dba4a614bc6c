// The lesson library: every Markdown file under lessons/, parsed once with the shared parser
// and put in the order lessons/index.json gives. A file that fails to parse becomes a doc whose
// page shows the error (the build check stops such a file long before a learner sees it).
import { ContentError, parseDoc, type Block, type ParsedDoc } from '../core/content/parseDoc';
import {
  isLessonFile,
  isProblemFile,
  isPuzzleFile,
  slugOf,
  type ContentIndex,
} from '../core/content/check';

const lessonSources = import.meta.glob('../../lessons/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const practiceSources = import.meta.glob('../../lessons/practice/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const puzzleSources = import.meta.glob('../../lessons/puzzles/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const indexFiles = import.meta.glob('../../lessons/index.json', {
  import: 'default',
  eager: true,
}) as Record<string, ContentIndex>;

export interface Doc extends ParsedDoc {
  slug: string;
  title: string;
  order: number;
  objectives: string[];
  /** Set when the file could not be parsed. */
  error?: string;
}

const rel = (globPath: string): string => globPath.replace(/^(\.\.\/)+/, '');

function toDoc(path: string, text: string): Doc {
  const slug = slugOf(path);
  let parsed: ParsedDoc;
  let error: string | undefined;
  try {
    parsed = parseDoc(path, text);
  } catch (e) {
    error = e instanceof ContentError ? e.message : String(e);
    parsed = { file: path, front: { title: slug }, frontLines: {}, blocks: [] };
  }
  const objectives = Array.isArray(parsed.front.objectives)
    ? parsed.front.objectives.map(String)
    : [];
  return {
    ...parsed,
    slug,
    title: String(parsed.front.title ?? slug),
    order: Number(parsed.front.order ?? 999),
    objectives,
    ...(error ? { error } : {}),
  };
}

function ordered(docs: Doc[], order: string[] | undefined): Doc[] {
  const pos = new Map((order ?? []).map((s, i) => [s, i]));
  return [...docs].sort(
    (a, b) =>
      (pos.get(a.slug) ?? 1e6 + a.order) - (pos.get(b.slug) ?? 1e6 + b.order) ||
      a.slug.localeCompare(b.slug),
  );
}

export const INDEX: ContentIndex = Object.values(indexFiles)[0] ?? {};

export const LESSONS: Doc[] = ordered(
  Object.entries(lessonSources)
    .filter(([p]) => isLessonFile(rel(p)))
    .map(([p, t]) => toDoc(rel(p), t)),
  INDEX.lessons,
);
export const PROBLEMS: Doc[] = ordered(
  Object.entries(practiceSources)
    .filter(([p]) => isProblemFile(rel(p)))
    .map(([p, t]) => toDoc(rel(p), t)),
  INDEX.practice,
);

/** Scheduler puzzles (#/races/<slug>), in lessons/index.json "puzzles" order. */
export const PUZZLES: Doc[] = ordered(
  Object.entries(puzzleSources)
    .filter(([p]) => isPuzzleFile(rel(p)))
    .map(([p, t]) => toDoc(rel(p), t)),
  INDEX.puzzles,
);

const interviewName = typeof INDEX.interview === 'string' ? INDEX.interview : 'interview.md';
export const INTERVIEW_SOURCE: string | undefined = Object.entries(lessonSources).find(([p]) =>
  p.endsWith(`/${interviewName}`),
)?.[1];
export const INTERVIEW_FILE = `lessons/${interviewName}`;

/** The directive blocks of a doc with a given name. */
export function directives(doc: Doc, name: string): Extract<Block, { kind: 'directive' }>[] {
  return doc.blocks.filter(
    (b): b is Extract<Block, { kind: 'directive' }> => b.kind === 'directive' && b.name === name,
  );
}
