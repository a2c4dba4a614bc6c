// Markers for the editor and the short list under it: syntax (luaparse, as you type), Lua
// 5.3+ constructs Redis rejects, and the errors of the last run (compile, runtime, runaway).
import { lintLua } from '../../core/playground/lint';
import { errorLine, readableError } from '../../core/playground/lint';
import type { RunOutput } from '../../core/playground/runner';
import type { EditorMarker } from './LuaEditor';

export interface Problem extends EditorMarker {
  /** Where it comes from, for the list: "syntax", "Redis 5.1", "run". */
  source: string;
  /** Requests it happened on (run errors). */
  requests?: number[];
}

export function lintProblems(source: string): Problem[] {
  return lintLua(source).map((m) => ({
    ...m,
    source: m.severity === 'error' ? 'syntax' : 'Redis',
  }));
}

export function runProblems(output: RunOutput | null, source: string): Problem[] {
  if (!output) return [];
  const lines = source.split('\n');
  const lineEnd = (l: number) => (lines[l - 1]?.length ?? 0) + 1;
  const firstCol = (l: number) => (lines[l - 1]?.search(/\S/) ?? 0) + 1 || 1;
  if (output.compileError) {
    const l = output.compileError.line ?? 1;
    return [
      {
        severity: 'error',
        source: 'compile',
        message: readableError(output.compileError.message),
        line: l,
        column: firstCol(l),
        endLine: l,
        endColumn: lineEnd(l),
      },
    ];
  }
  const byMessage = new Map<string, Problem>();
  for (const r of output.records) {
    const e = r.decision.error;
    if (e === undefined || r.skipped) continue;
    const raw =
      typeof r.reply === 'object' && r.reply !== null && !Array.isArray(r.reply) && 'err' in r.reply
        ? r.reply.err
        : e;
    const line = r.errorLine ?? errorLine(raw) ?? 1;
    const message = r.killed
      ? `Runaway script stopped: it ran past the lab's time budget (a real Redis would block every other client). ${readableError(raw).replace(/^Script killed by the lab: /, '')}`
      : readableError(raw);
    const key = `${line}|${r.killed ? 'killed' : message}`;
    const p = byMessage.get(key);
    if (p) p.requests!.push(r.index);
    else
      byMessage.set(key, {
        severity: 'error',
        source: r.killed ? 'runaway' : 'run',
        message,
        line,
        column: firstCol(line),
        endLine: line,
        endColumn: lineEnd(line),
        requests: [r.index],
      });
  }
  return [...byMessage.values()];
}
