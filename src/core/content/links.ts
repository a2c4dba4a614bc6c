// The content check's links: every internal link in Markdown (#/lessons/x, #/practice/x,
// #/races/x and relative .md files) must reach something that exists.
import type { Issues } from './issues';

/** The slugs and files that exist, which links may point at. */
export interface KnownDocs {
  lessons: Set<string>;
  problems: Set<string>;
  puzzles: Set<string>;
  files: Set<string>;
}

/** Reports every broken internal link in a Markdown text that starts at file line `line0`. */
export function checkLinks(
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
