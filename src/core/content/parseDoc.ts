// Lessons and problems are Markdown with YAML front matter and fenced directives
// (docs/content-format.md). This parser is shared by the build check, `npm test` and the app:
// a malformed block is an error that names the file and line, never a broken page.
import { parse as parseYaml } from 'yaml';

export const DIRECTIVES = [
  'lab',
  'editor',
  'question',
  'recap',
  'hint',
  'solution',
  'starter',
  'answer',
] as const;
export type DirectiveName = (typeof DIRECTIVES)[number];

/** Directives whose body is JSON; the others hold Markdown. */
const JSON_DIRECTIVES = new Set<DirectiveName>(['lab', 'editor', 'question', 'starter', 'answer']);

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

export type Block =
  | { kind: 'markdown'; text: string; line: number }
  | { kind: 'directive'; name: DirectiveName; json: unknown; text: string; line: number };

export interface ParsedDoc {
  file: string;
  front: Record<string, unknown>;
  blocks: Block[];
}

const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/;

/** Splits a document into front matter, Markdown runs and directive blocks. */
export function parseDoc(file: string, source: string): ParsedDoc {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  let front: Record<string, unknown> = {};
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, k) => k > 0 && l.trim() === '---');
    if (end < 0) throw new ContentError(file, 1, 'front matter starts with --- but never ends');
    try {
      const parsed: unknown = parseYaml(lines.slice(1, end).join('\n'));
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new Error('front matter must be a YAML mapping');
      }
      front = parsed as Record<string, unknown>;
    } catch (e) {
      throw new ContentError(file, 2, `front matter is not valid YAML: ${(e as Error).message}`);
    }
    i = end + 1;
  }

  const blocks: Block[] = [];
  let md: string[] = [];
  let mdStart = i + 1;
  const flush = () => {
    if (md.some((l) => l.trim() !== '')) blocks.push({ kind: 'markdown', text: md.join('\n'), line: mdStart });
    md = [];
  };

  while (i < lines.length) {
    const line = lines[i] ?? '';
    const m = FENCE.exec(line);
    if (!m) {
      if (md.length === 0) mdStart = i + 1;
      md.push(line);
      i++;
      continue;
    }
    const fence = m[1] ?? '```';
    const info = m[2] ?? '';
    const startLine = i + 1;
    // Find the closing fence of the same kind and at least the same length.
    let j = i + 1;
    while (j < lines.length) {
      const l = (lines[j] ?? '').trim();
      if (l.startsWith(fence[0]!.repeat(fence.length)) && /^[`~]+$/.test(l)) break;
      j++;
    }
    if (j >= lines.length) throw new ContentError(file, startLine, `code fence \`${fence}${info}\` is never closed`);
    const body = lines.slice(i + 1, j).join('\n');
    if ((DIRECTIVES as readonly string[]).includes(info)) {
      flush();
      const name = info as DirectiveName;
      let json: unknown = null;
      if (JSON_DIRECTIVES.has(name)) {
        try {
          json = JSON.parse(body);
        } catch (e) {
          throw new ContentError(file, startLine, `the ${name} block is not valid JSON: ${(e as Error).message}`);
        }
        if (json === null || typeof json !== 'object' || Array.isArray(json)) {
          throw new ContentError(file, startLine, `the ${name} block must be a JSON object`);
        }
      }
      blocks.push({ kind: 'directive', name, json, text: body, line: startLine });
    } else {
      if (md.length === 0) mdStart = i + 1;
      md.push(...lines.slice(i, j + 1));
    }
    i = j + 1;
  }
  flush();
  return { file, front, blocks };
}
