// The content check: every lesson, problem and the interview file, parsed and validated the
// same way by `npm test` (content.test.ts) and at build start (src/content/vitePluginLessons.ts).
// Each issue names the file and the line, so a malformed directive fails loudly, not the learner.
// The parts: checkDoc.ts (lessons, problems, puzzles; their directive blocks in checkBlocks.ts,
// each judged by its entry in directives/), checkIndex.ts (lessons/index.json, the interview
// file), checkInterview.ts (rubrics), checkDecks.ts (presenter decks), links.ts, ownWords.ts.
import { checkDecks } from './checkDecks';
import { checkDoc, checkPuzzle } from './checkDoc';
import { checkIndex, checkInterviewFile } from './checkIndex';
import { checkInterviewExtras } from './checkInterview';
import type { DirectiveRegistry } from './directives';
import { DIRECTIVES } from './directives/registry';
import { checkLab } from './directives/lab';
import { Issues, type ContentIssue } from './issues';
import { checkLinks, type KnownDocs } from './links';
import { ownWordsIssues, type SeedFingerprint } from './ownWords';
import { ContentError, parseDoc, type ParsedDoc } from './parseDoc';
import { isLessonFile, isProblemFile, isPuzzleFile, slugOf } from './paths';
import SEED_FINGERPRINT from './seedFingerprint.json';

export { formatIssue, type ContentIssue } from './issues';
export { isLessonFile, isProblemFile, isPuzzleFile, slugOf } from './paths';
export type { ContentIndex } from './checkIndex';

export interface ContentFiles {
  /** Path relative to the project root (`lessons/fixed-window.md`) -> text. */
  [path: string]: string;
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
  /** The directives lessons, problems and puzzles may use (default: the built-ins). */
  directives?: DirectiveRegistry;
}

/** Parses one file, reporting a parse error as an issue (null then). */
function parsed(
  out: Issues,
  path: string,
  text: string,
  directives: DirectiveRegistry,
): ParsedDoc | null {
  try {
    return parseDoc(path, text, { directives });
  } catch (e) {
    if (e instanceof ContentError) out.add(e.file, e.line, e.reason);
    else throw e;
    return null;
  }
}

/**
 * Checks every content file. `files` maps root-relative paths to text and should hold all of
 * lessons/*.md, lessons/practice/*.md, lessons/interview.md, lessons/interview/*.md,
 * lessons/decks/*.md and lessons/index.json.
 */
export function checkContent(files: ContentFiles, options: CheckOptions = {}): ContentIssue[] {
  const out = new Issues();
  const directives = options.directives ?? DIRECTIVES;
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
    const doc = parsed(out, p, files[p]!, directives);
    if (doc) checkPuzzle(out, doc, known, directives);
  }
  for (const [list, problem] of [
    [lessonPaths, false],
    [problemPaths, true],
  ] as const) {
    for (const p of list) {
      const doc = parsed(out, p, files[p]!, directives);
      if (doc) checkDoc(out, doc, problem, known, directives);
    }
  }

  const index = checkIndex(out, files['lessons/index.json'], known);
  const interviewPath = `lessons/${typeof index.interview === 'string' ? index.interview : 'interview.md'}`;
  const interview = checkInterviewFile(out, interviewPath, files[interviewPath], known);
  // Interview rubrics (lessons/interview/*.md) and presenter decks (lessons/decks/*.md).
  const helpers = {
    add: (file: string, line: number, message: string) => out.add(file, line, message),
    count: () => out.list.length,
    lab: (file: string, b: Parameters<typeof checkLab>[0]) =>
      checkLab(b, { add: (line, message) => out.add(file, line, message) }),
    links: (file: string, line: number, text: string) => checkLinks(out, file, line, text, known),
    lessons: known.lessons,
    labsOf: (slug: string) => labCount(files[`lessons/${slug}.md`]),
  };
  checkInterviewExtras(helpers, files, interviewPath, interview);
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
