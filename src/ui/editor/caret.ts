// Where a caret is, in a plain text area's terms (an offset into its text) and in Monaco's
// (1-based line and column), so the editor takes over from the text area with the caret and
// the selection where the learner left them. A text area's value always breaks lines with "\n".

export interface LineColumn {
  lineNumber: number;
  column: number;
}

/** The 1-based line and column of `offset` (clamped to the text) in `text`. */
export function positionAt(text: string, offset: number): LineColumn {
  const at = Math.max(0, Math.min(text.length, Math.floor(offset)));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { lineNumber: line, column: at - lineStart + 1 };
}

/** The offset in `text` of a 1-based line and column, clamped to the line and the text. */
export function offsetAt(text: string, lineNumber: number, column: number): number {
  let start = 0;
  for (let l = 1; l < lineNumber; l++) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) break;
    start = nl + 1;
  }
  const end = text.indexOf('\n', start);
  const lineEnd = end === -1 ? text.length : end;
  return Math.min(lineEnd, start + Math.max(0, Math.floor(column) - 1));
}
