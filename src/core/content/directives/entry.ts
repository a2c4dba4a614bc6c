// What one lesson directive (a fenced block such as ```lab) says about itself: its name, whether
// its body is JSON or Markdown, its fields, the kinds of file it may appear in, and its check.
// The parser (parseDoc.ts) and the content check (check.ts) read these entries and nothing
// else; src/content/widgets maps each name to the widget that draws it.
import { isObj, type Obj } from '../../util/isObj';
import { lineOfKey, type DirectiveBlock } from '../block';

/** The kinds of file a directive may appear in. */
export type Place = 'lesson' | 'problem' | 'puzzle';

/** What the content check lends an entry's check: where the block is, and where to report. */
export interface DirectiveCheck {
  file: string;
  place: Place;
  /** A problem's `kind` from its front matter ('' elsewhere). */
  kind: string;
  /** Reports an issue at a file line. */
  add(line: number, message: string): void;
  /**
   * The blocks of a directive before this one in the file, in order; a block whose own check
   * reported an issue comes with `json: null`, so nothing runs it.
   */
  earlier(name: string): readonly DirectiveBlock[];
}

/**
 * One directive. Declare it as a plain object (`export const dice: DirectiveEntry<'dice'> =
 * {...}`), not through a function call, so a bundle that only needs the lab's helpers from
 * this folder leaves the other entries and their checks out.
 */
export interface DirectiveEntry<N extends string = string> {
  name: N;
  /** The body is a JSON object (false: Markdown). */
  json: boolean;
  /** ```name lua holds a Lua script verbatim instead of JSON (starter, answer). */
  script?: boolean;
  /** The fields a JSON body may have, as the docs list them. */
  fields?: readonly string[];
  /**
   * True: the check refuses any field not in `fields` before `check` runs. False: `check`
   * judges the fields itself (a lab block also takes every scenario field).
   */
  closed?: boolean;
  /** The kinds of file it may appear in; anywhere else the check refuses it. */
  places: readonly Place[];
  /** Validates one block; every issue names the file line. */
  check?(block: DirectiveBlock, c: DirectiveCheck): void;
  /** Markdown the block holds, whose links are checked (default: a Markdown body). */
  texts?(block: DirectiveBlock): { line: number; text: string }[];
}

/** Reports each field of a JSON body that is not in `known`. */
export function unknownFields(
  c: DirectiveCheck,
  b: DirectiveBlock,
  known: readonly string[],
): void {
  for (const k of Object.keys(b.json as Record<string, unknown>))
    if (!known.includes(k))
      c.add(lineOfKey(b, k), `${b.name}.${k} is not a known field (allowed: ${known.join(', ')})`);
}

export { isObj, type Obj };
