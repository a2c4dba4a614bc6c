// The content check's pass over a document's directive blocks, driven by the directive
// registry (directives/): each block must be allowed in this kind of file, a closed body may
// hold only its fields, and the entry's own check runs. Returns how many blocks of each
// directive the file has and all of its Markdown (for the link check).
import type { Directive } from './block';
import type { DirectiveCheck, DirectiveEntry, DirectiveRegistry, Place } from './directives';
import { unknownFields } from './directives';
import type { Issues } from './issues';
import type { ParsedDoc } from './parseDoc';

export interface BlocksPass {
  /** Directive name -> how many blocks of it the file has. */
  count: Record<string, number>;
  /** The file's Markdown: its runs and what blocks hold (a recap, a question's prompt), in order. */
  texts: { line: number; text: string }[];
}

const PLACE_NAMES: Record<Place, string> = {
  lesson: 'a lesson',
  problem: 'a practice problem',
  puzzle: 'a puzzle',
};

function misplaced(entry: DirectiveEntry, place: Place, registry: DirectiveRegistry): string {
  if (place === 'lesson' && entry.places.includes('problem'))
    return `a ${entry.name} block belongs in a practice problem, not a lesson`;
  const allowed = registry.filter((d) => d.places.includes(place)).map((d) => d.name);
  return `a ${entry.name} block does not belong in ${PLACE_NAMES[place]} (${allowed.join(', ')})`;
}

/** The Markdown a block holds, whose links are checked. */
export function blockTexts(
  entry: DirectiveEntry | undefined,
  b: Directive,
): { line: number; text: string }[] {
  if (!entry) return [];
  if (entry.texts) return entry.texts(b);
  return entry.json ? [] : [{ line: b.line + 1, text: b.text }];
}

export function checkBlocks(
  out: Issues,
  doc: ParsedDoc,
  place: Place,
  registry: DirectiveRegistry,
): BlocksPass {
  const { file } = doc;
  const count: Record<string, number> = {};
  const texts: BlocksPass['texts'] = [];
  const checked: Directive[] = [];
  const kind = place === 'problem' ? String(doc.front.kind ?? '') : '';
  for (const b of doc.blocks) {
    if (b.kind !== 'directive') {
      texts.push({ line: b.line, text: b.text });
      continue;
    }
    count[b.name] = (count[b.name] ?? 0) + 1;
    const entry = registry.find((d) => d.name === b.name);
    texts.push(...blockTexts(entry, b));
    if (!entry) continue;
    if (!entry.places.includes(place)) {
      out.add(file, b.line, misplaced(entry, place, registry));
      continue;
    }
    const before = out.list.length;
    const c: DirectiveCheck = {
      file,
      place,
      kind,
      add: (line, message) => out.add(file, line, message),
      earlier: (name) => checked.filter((x) => x.name === name),
    };
    // A JSON body written as ```name lua is a script: no fields to judge.
    const fields = entry.json && b.json !== null;
    if (fields && entry.closed && entry.fields) unknownFields(c, b, entry.fields);
    entry.check?.(b, c);
    // A block that failed its check cannot be run by the blocks that refer to it (steps).
    checked.push(out.list.length === before ? b : { ...b, json: null });
  }
  return { count, texts };
}
