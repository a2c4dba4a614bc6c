// Which source line sent each round trip, so the scheduler screen can show every app server's
// current line. The stepping interface (PLAN I1) reports a call's arguments only, so the code
// is run with a marker argument in front of every `redis.call(...)` / `redis.pcall(...)` that
// names its line: `redis.call("\1line:7", "GET", KEYS[1])`. The explorer strips the marker
// before the command reaches the store. Inserting text inside a line keeps every line number
// (error messages included) as the learner wrote it.
// The marker also carries the learner's local variables in scope there, rendered at run time
// (`\1line:7\2count\3` .. value ..), and a marker-only call before every `return` reports them
// as the code finishes: the scheduler shows each server's locals (`count = 2`) as it steps.
import luaparse, { type Node } from 'luaparse';

const MARK = '\u0001line:';
/** A marker-only call: no round trip, only the locals before a `return`. */
const HERE = '\u0001here';
const SEP = '\u0002';
const EQ = '\u0003';

/** One local variable of the app server's code and its value, as Lua shows it. */
export interface Local {
  name: string;
  value: string;
}

/** Lua that renders local `name` at run time: strings quoted, tables as "table". */
const render = (name: string): string =>
  `(type(${name})=="string" and ('"'..${name}..'"') or (type(${name})=="table" or type(${name})=="function") and type(${name}) or tostring(${name}))`;

/**
 * The most locals a marker carries (the latest declared): every one adds to a chain of `..`
 * that Lua 5.1 compiles recursively, and to a nested function's upvalues (60 at most).
 */
export const MAX_LOCALS = 16;

/** A Lua expression for the marker, naming the line (or null: a locals-only marker). */
function markerExpr(line: number | null, locals: readonly string[]): string {
  let out = line === null ? '"\\1here"' : `"\\1line:${line}"`;
  // A learner's own `type` or `tostring` would change what render() does: show nothing then.
  if (locals.includes('type') || locals.includes('tostring')) return out;
  for (const n of locals.slice(-MAX_LOCALS)) out += ` .. "\\2${n}\\3" .. ${render(n)}`;
  return out;
}

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
  const inserts: { at: number; text: string }[] = [];
  // The locals in scope, innermost scope last (a name declared again moves to the end).
  const scopes: string[][] = [[]];
  const inScope = (): string[] => scopes[scopes.length - 1]!.slice();
  try {
    luaparse.parse(code, {
      luaVersion: '5.1',
      locations: true,
      ranges: true,
      scope: true,
      onCreateScope() {
        scopes.push(inScope());
      },
      onDestroyScope() {
        scopes.pop();
      },
      onLocalDeclaration(name: string) {
        const top = scopes[scopes.length - 1]!;
        const at = top.indexOf(name);
        if (at >= 0) top.splice(at, 1);
        top.push(name);
      },
      onCreateNode(n: Node) {
        if (n.type === 'ReturnStatement') {
          inserts.push({ at: n.range![0], text: `redis.call(${markerExpr(null, inScope())}) ` });
          return;
        }
        if (n.type !== 'CallExpression' || !isRedisCall(n.base)) return;
        const args = n.arguments as Node[];
        if (!Array.isArray(args) || args.length === 0) return;
        const base = n.base as Node;
        let at = base.range![1];
        while (at < code.length && code[at] !== '(') at++;
        if (code[at] !== '(') return;
        inserts.push({ at: at + 1, text: `${markerExpr(base.loc!.start.line, inScope())}, ` });
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
    out += code.slice(from, ins.at) + ins.text;
    from = ins.at;
  }
  return out + code.slice(from);
}

export interface Marked {
  line: number | null;
  command: string[];
  /** The locals in scope at the call (null: the call had no marker). */
  locals: Local[] | null;
  /** A marker-only call (before a `return`): no round trip. */
  here: boolean;
}

/** Splits a call from instrumented code into its source line, locals and the command it sends. */
export function splitMarker(args: readonly string[]): Marked {
  const first = args[0];
  const here = first !== undefined && first.startsWith(HERE);
  if (first !== undefined && (here || first.startsWith(MARK))) {
    const [head = '', ...parts] = first.split(SEP);
    const locals = parts.map((p): Local => {
      const eq = p.indexOf(EQ);
      return eq < 0 ? { name: p, value: '' } : { name: p.slice(0, eq), value: p.slice(eq + 1) };
    });
    const line = here ? null : Number(head.slice(MARK.length));
    return {
      line: line !== null && Number.isInteger(line) ? line : null,
      command: args.slice(1),
      locals,
      here,
    };
  }
  return { line: null, command: [...args], locals: null, here: false };
}
