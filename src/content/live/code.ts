/** "ABCD2345" -> "ABCD-2345", as the projector shows a room code. */
export const displayCodeOf = (code: string): string =>
  code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
