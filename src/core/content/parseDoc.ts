// Lessons and problems are Markdown with YAML front matter and fenced directives
// (docs/content-format.md). This parser is shared by the build check, `npm test` and the app:
// a malformed block is an error that names the file and line, never a broken page.
import { parse as parseYaml } from 'yaml';
import { ContentError, type Block } from './block';
import type { DirectiveName } from './directives';
import { DIRECTIVES, type DirectiveRegistry } from './directives/registry';

export { ContentError, lineOfKey, type Block, type Directive } from './block';
export { DIRECTIVES, type DirectiveName } from './directives/registry';

/**
 * Fence languages that are ordinary code blocks, never directives. Anything else that is
 * within two edits of a directive name (```labs, ```questoin) is reported as a typo.
 */
const CODE_LANGUAGES = new Set([
  '',
  'lua',
  'json',
  'jsonc',
  'text',
  'txt',
  'ts',
  'typescript',
  'js',
  'javascript',
  'sh',
  'bash',
  'shell',
  'console',
  'yaml',
  'yml',
  'http',
  'sql',
  'python',
  'py',
  'go',
  'diff',
  'nginx',
  'redis',
  'ini',
  'toml',
  'java',
  'rust',
  'c',
  'plain',
  'plaintext',
  'math',
]);

export interface ParsedDoc {
  file: string;
  front: Record<string, unknown>;
  /** 1-based line where each front-matter key is set. */
  frontLines: Record<string, number>;
  blocks: Block[];
}

export interface ParseOptions {
  /** Directives whose body is Markdown in this kind of file (interview.md: `answer`). */
  markdownDirectives?: readonly DirectiveName[];
  /** The directives it knows (default: the built-ins, src/core/content/directives). */
  directives?: DirectiveRegistry;
}

const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/;

function editDistance(a: string, b: string): number {
  const d: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** The directive a fence language looks like a typo of, if any. */
export function lookalikeDirective(
  info: string,
  directives: DirectiveRegistry = DIRECTIVES,
): string | undefined {
  const w = info.toLowerCase();
  if (CODE_LANGUAGES.has(w) || directives.some((d) => d.name === w)) return undefined;
  return directives.find((d) => editDistance(w, d.name) <= (d.name.length <= 4 ? 1 : 2))?.name;
}

/** Splits a document into front matter, Markdown runs and directive blocks. */
export function parseDoc(file: string, source: string, options: ParseOptions = {}): ParsedDoc {
  const markdownOnly = new Set<string>(options.markdownDirectives ?? []);
  const directives = options.directives ?? DIRECTIVES;
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  let front: Record<string, unknown> = {};
  const frontLines: Record<string, number> = {};
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
    for (let k = 1; k < end; k++) {
      const m = /^([\w-]+)\s*:/.exec(lines[k] ?? '');
      if (m && frontLines[m[1]!] === undefined) frontLines[m[1]!] = k + 1;
    }
    i = end + 1;
  }

  const blocks: Block[] = [];
  let md: string[] = [];
  let mdStart = i + 1;
  const flush = () => {
    if (md.some((l) => l.trim() !== ''))
      blocks.push({ kind: 'markdown', text: md.join('\n'), line: mdStart });
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
    const rest = (m[3] ?? '').trim();
    const startLine = i + 1;
    // Find the closing fence of the same kind and at least the same length.
    let j = i + 1;
    while (j < lines.length) {
      const l = (lines[j] ?? '').trim();
      if (l.startsWith(fence[0]!.repeat(fence.length)) && /^[`~]+$/.test(l)) break;
      j++;
    }
    if (j >= lines.length)
      throw new ContentError(file, startLine, `code fence \`${fence}${info}\` is never closed`);
    const body = lines.slice(i + 1, j).join('\n');
    const entry = directives.find((d) => d.name === info);
    if (entry) {
      flush();
      const name = entry.name as DirectiveName;
      let json: unknown = null;
      // ```starter lua / ```answer lua hold a script verbatim, so it needs no JSON escaping.
      const isJson =
        entry.json && !markdownOnly.has(name) && !(entry.script === true && rest === 'lua');
      if (isJson) {
        try {
          json = JSON.parse(body);
        } catch (e) {
          throw new ContentError(
            file,
            startLine + jsonErrorLine(body, e),
            `the ${name} block is not valid JSON: ${(e as Error).message}`,
          );
        }
        if (json === null || typeof json !== 'object' || Array.isArray(json)) {
          throw new ContentError(file, startLine, `the ${name} block must be a JSON object`);
        }
      }
      blocks.push({ kind: 'directive', name, json, text: body, info: rest, line: startLine });
    } else {
      const typo = lookalikeDirective(info, directives);
      if (typo)
        throw new ContentError(
          file,
          startLine,
          `unknown directive \`${info}\` (did you mean \`${typo}\`?)`,
        );
      if (md.length === 0) mdStart = i + 1;
      md.push(...lines.slice(i, j + 1));
    }
    i = j + 1;
  }
  flush();
  return { file, front, frontLines, blocks };
}

/** Offset (in lines, from the fence) of a JSON syntax error, when the engine says where. */
function jsonErrorLine(body: string, e: unknown): number {
  const msg = (e as Error).message ?? '';
  const lc = /line (\d+)/.exec(msg);
  if (lc) return Number(lc[1]);
  const pos = /position (\d+)/.exec(msg);
  if (pos) return body.slice(0, Number(pos[1])).split('\n').length;
  return 0;
}
