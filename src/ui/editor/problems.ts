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
    const message = r.killed ? runawayMessage(raw) : readableError(raw);
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

/**
 * A runaway script's message, said once: the engine's own reason (its budget, and what a real
 * Redis would do) after "Runaway script stopped:", never that reason twice.
 */
export function runawayMessage(raw: string): string {
  const reason = readableError(raw)
    .replace(/^.*?Script killed by the lab:?\s*/i, '')
    .trim();
  return `Runaway script stopped: ${reason || "it ran past the lab's budget (a real Redis would block every other client)"}`;
}

/**
 * The editor's list: syntax found as you type, then the last run's problems, each said once.
 * A compile error from the run on a line the syntax check already flags is the same mistake
 * (luaparse and Redis's compiler word it differently), so only the first is listed.
 */
export function mergeProblems(lint: readonly Problem[], run: readonly Problem[]): Problem[] {
  const syntaxLines = new Set(lint.filter((p) => p.severity === 'error').map((p) => p.line));
  const hasSyntax = syntaxLines.size > 0;
  const kept = run.filter(
    (p) => !(p.source === 'compile' && (syntaxLines.has(p.line) || hasSyntax)),
  );
  return [...lint, ...kept].sort((a, b) => a.line - b.line || (a.severity === 'error' ? -1 : 1));
}
