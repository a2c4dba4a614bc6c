// What the lesson parser produces: a document's blocks (Markdown runs and directive blocks),
// the error that names a file and line, and the line of a key inside a directive's JSON body.
// The directive entries (directives/) and the parser (parseDoc.ts) both read these.
import type { DirectiveName } from './directives/registry';

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'ContentError';
  }
}

/** A directive block; `N` is the directive names a parser knows (any name, to an entry). */
export interface DirectiveBlock<N extends string = string> {
  kind: 'directive';
  name: N;
  /** The parsed JSON body (null for Markdown and `lua` bodies). */
  json: unknown;
  /** The raw body. */
  text: string;
  /** Words after the directive name on the fence line, e.g. "lua" in ```answer lua. */
  info: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export type Block =
  { kind: 'markdown'; text: string; line: number } | DirectiveBlock<DirectiveName>;

export type Directive = Extract<Block, { kind: 'directive' }>;

/**
 * The file line where `key` is written inside a directive's JSON body (first occurrence of
 * `"key":`), or the fence line when it cannot be found.
 */
export function lineOfKey(block: { text: string; line: number }, key: string): number {
  const lines = block.text.split('\n');
  const needle = new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`);
  const k = lines.findIndex((l) => needle.test(l));
  return k < 0 ? block.line : block.line + 1 + k;
}
