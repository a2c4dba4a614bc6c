// Which source line sent each round trip, so the scheduler screen can show every app server's
// current line. The stepping interface (PLAN I1) reports a call's arguments only, so the code
// is run with a marker argument in front of every `redis.call(...)` / `redis.pcall(...)` that
// names its line: `redis.call("\1line:7", "GET", KEYS[1])`. The explorer strips the marker
// before the command reaches the store. Inserting text inside a line keeps every line number
// (error messages included) as the learner wrote it.
import luaparse, { type Node } from 'luaparse';

const MARK = '\u0001line:';

function isRedisCall(base: unknown): boolean {
  const b = base as Node | undefined;
  if (!b || b.type !== 'MemberExpression' || b.indexer !== '.') return false;
  const obj = b.base as Node;
  const id = b.identifier as Node;
  return (
    obj.type === 'Identifier' &&
    obj.name === 'redis' &&
    id.type === 'Identifier' &&
    (id.name === 'call' || id.name === 'pcall')
  );
}

/** The code with line markers, or the code unchanged when it does not parse as Lua 5.1. */
export function instrument(code: string): string {
  const inserts: { at: number; line: number }[] = [];
  try {
    luaparse.parse(code, {
      luaVersion: '5.1',
      locations: true,
      ranges: true,
      onCreateNode(n: Node) {
        if (n.type !== 'CallExpression' || !isRedisCall(n.base)) return;
        const args = n.arguments as Node[];
        if (!Array.isArray(args) || args.length === 0) return;
        const base = n.base as Node;
        let at = base.range![1];
        while (at < code.length && code[at] !== '(') at++;
        if (code[at] !== '(') return;
        inserts.push({ at: at + 1, line: base.loc!.start.line });
      },
    });
  } catch {
    return code;
  }
  if (inserts.length === 0) return code;
  inserts.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const ins of inserts) {
    out += code.slice(from, ins.at) + `"\\1line:${ins.line}", `;
    from = ins.at;
  }
  return out + code.slice(from);
}

/** Splits a call from instrumented code into its source line and the command it sends. */
export function splitMarker(args: readonly string[]): { line: number | null; command: string[] } {
  const first = args[0];
  if (first !== undefined && first.startsWith(MARK)) {
    const line = Number(first.slice(MARK.length));
    return { line: Number.isInteger(line) ? line : null, command: args.slice(1) };
  }
  return { line: null, command: [...args] };
}
