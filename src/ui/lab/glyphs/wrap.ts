// Word wrap for the small print drawn in SVG (which has no wrapping of its own): a line breaks
// at a space before it passes `chars` characters, and only a single word longer than a whole
// line is cut, with an ellipsis. The Lua glyph's key values ("tokens=3.5 stamp=12.25 · ttl 4 s")
// read in full on two or three lines instead of stopping mid-word at the box's edge.

/** `s` cut to `n` characters, the last one an ellipsis when it was longer. */
export const clip = (s: string, n: number): string =>
  s.length <= n ? s : `${s.slice(0, Math.max(0, n - 1))}…`;

/** `text` broken into lines of at most `chars` characters, at spaces. */
export function wrapWords(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= chars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => clip(l, chars));
}
