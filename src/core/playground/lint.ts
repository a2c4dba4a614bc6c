// A quick syntax check of a learner's script as Redis would see it (Redis runs Lua 5.1, and so
// does the lab). luaparse in 5.3 mode finds the syntax errors every Lua rejects; the constructs
// 5.1 lacks (`//`, bitwise operators, goto and labels) are then marked at the operator with
// what to write instead, before the script even runs (the engine's compile error names only
// the line).
import luaparse, { type LuaParseError, type Node } from 'luaparse';

export type Severity = 'error' | 'warning';

export interface LintMarker {
  severity: Severity;
  message: string;
  /** 1-based line and column; endColumn is exclusive. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

const BITWISE: Record<string, string> = {
  '&': 'bitwise and (`&`)',
  '|': 'bitwise or (`|`)',
  '~': 'bitwise xor/not (`~`)',
  '<<': 'shift left (`<<`)',
  '>>': 'shift right (`>>`)',
};

const REDIS_51 = 'Redis runs Lua 5.1 (the lab too), where this is a syntax error';

/** Redis 7 drops a `#!lua flags=...` first line but keeps its line break. */
function stripShebang(src: string): string {
  if (!src.startsWith('#!')) return src;
  const nl = src.indexOf('\n');
  return nl < 0 ? '' : ' '.repeat(nl) + src.slice(nl);
}

/** Position (1-based line/column) of a 0-based string index. */
function positionOf(src: string, index: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < index && i < src.length; i++)
    if (src.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  return { line, column: index - start + 1 };
}

/** luaparse says "[3:10] unexpected symbol near 'x'"; drop the position prefix. */
function cleanMessage(msg: string): string {
  return msg.replace(/^\[\d+:\d+\]\s*/, '');
}

/** The operator's text position between two operands (luaparse gives ranges of nodes). */
function operatorRange(src: string, node: Node, op: string): [number, number] | null {
  const left = node.left as Node | undefined;
  const right = node.right as Node | undefined;
  if (!left?.range || !right?.range) return null;
  const between = src.slice(left.range[1], right.range[0]);
  const k = between.indexOf(op);
  if (k < 0) return null;
  const start = left.range[1] + k;
  return [start, start + op.length];
}

function marker(
  src: string,
  severity: Severity,
  message: string,
  from: number,
  to: number,
): LintMarker {
  const a = positionOf(src, from);
  const b = positionOf(src, Math.max(from + 1, to));
  return {
    severity,
    message,
    line: a.line,
    column: a.column,
    endLine: b.line,
    endColumn: b.column,
  };
}

/** Syntax errors (severity error) and Lua 5.3+ constructs Redis rejects (severity warning). */
export function lintLua(source: string): LintMarker[] {
  const src = stripShebang(source);
  const out: LintMarker[] = [];
  const nodes: Node[] = [];
  try {
    luaparse.parse(src, {
      luaVersion: '5.3',
      locations: true,
      ranges: true,
      onCreateNode: (n) => {
        if (
          n.type === 'BinaryExpression' ||
          n.type === 'UnaryExpression' ||
          n.type === 'GotoStatement' ||
          n.type === 'LabelStatement'
        )
          nodes.push(n);
      },
    });
  } catch (e) {
    const err = e as LuaParseError;
    if (typeof err.index !== 'number') throw e;
    const pos = positionOf(src, err.index);
    // Point at the offending token: up to the next space or the end of the line.
    const rest = src.slice(err.index);
    const m = /^[^\s]+/.exec(rest);
    const len = m ? Math.min(m[0].length, 40) : 1;
    out.push({
      severity: 'error',
      message: `Syntax error: ${cleanMessage(err.message)}`,
      line: pos.line,
      column: pos.column,
      endLine: pos.line,
      endColumn: pos.column + len,
    });
    // 5.1 constructs found before the error are still worth showing.
  }
  for (const n of nodes) {
    const op = n.operator as string | undefined;
    if (n.type === 'BinaryExpression' && op === '//') {
      const r = operatorRange(src, n, '//');
      if (r)
        out.push(
          marker(
            src,
            'warning',
            `Integer division \`//\` is Lua 5.3. ${REDIS_51}. Use math.floor(a / b).`,
            r[0],
            r[1],
          ),
        );
    } else if (n.type === 'BinaryExpression' && op !== undefined && op in BITWISE) {
      const r = operatorRange(src, n, op);
      if (r)
        out.push(
          marker(
            src,
            'warning',
            `${BITWISE[op]} is Lua 5.3. ${REDIS_51}. Redis offers bit.band, bit.bor, bit.bxor, bit.lshift, bit.rshift.`,
            r[0],
            r[1],
          ),
        );
    } else if (n.type === 'UnaryExpression' && op === '~' && n.range) {
      out.push(
        marker(
          src,
          'warning',
          `Bitwise not \`~x\` is Lua 5.3. ${REDIS_51}. Use bit.bnot(x).`,
          n.range[0],
          n.range[0] + 1,
        ),
      );
    } else if ((n.type === 'GotoStatement' || n.type === 'LabelStatement') && n.range) {
      out.push(
        marker(
          src,
          'warning',
          `${n.type === 'GotoStatement' ? '`goto`' : 'A `::label::`'} is Lua 5.2. ${REDIS_51}.`,
          n.range[0],
          n.range[1],
        ),
      );
    }
  }
  // Anything else 5.2+ (`\x41` or `\z` escapes, `;;`, a `break` mid-block): luaparse in 5.1
  // mode says where.
  if (out.length === 0) {
    try {
      luaparse.parse(src, { luaVersion: '5.1' });
    } catch (e) {
      const err = e as LuaParseError;
      if (typeof err.index !== 'number') throw e;
      out.push(
        marker(
          src,
          'warning',
          `Lua 5.1 (Redis, and the lab) rejects this: ${cleanMessage(err.message)}.`,
          err.index,
          err.index + 1,
        ),
      );
    }
  }
  // Attributes (`local x <const>`) are 5.4: luaparse reports them as a syntax error above;
  // say what they are.
  for (const mk of out)
    if (mk.severity === 'error' && /<\s*(const|close)\s*>/.test(src.split('\n')[mk.line - 1] ?? ''))
      mk.message += ' (`<const>` and `<close>` are Lua 5.4; Redis runs Lua 5.1)';
  out.sort((a, b) => a.line - b.line || a.column - b.column);
  return out;
}

/**
 * The line a Redis error reply names: `... script: <sha>, on @user_script:12.` (runtime) or
 * `ERR Error compiling script (new function): user_script:3: ...` (compile).
 */
export function errorLine(message: string): number | null {
  const m = /on @user_script:(\d+)\./.exec(message) ?? /user_script:(\d+):/.exec(message) ?? null;
  return m ? Number(m[1]) : null;
}

/** A Redis error reply made readable: no `ERR` prefix, no script sha suffix. */
export function readableError(message: string): string {
  return message
    .replace(/\s*script: [0-9a-f]{40}, on @user_script:\d+\.\s*$/, '')
    .replace(/^ERR Error compiling script \(new function\): user_script:\d+: /, 'Syntax error: ')
    .replace(/^ERR /, '')
    .replace(/^@?user_script:\d+: /, '');
}
