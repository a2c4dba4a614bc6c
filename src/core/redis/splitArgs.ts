// Redis's sdssplitargs (sds.c): how a script's shebang line (EVAL, FUNCTION LOAD) splits
// into words.

/** sdssplitargs: words separated by blanks, "double" and 'single' quotes; null if unbalanced. */
export function splitArgs(line: string): string[] | null {
  const out: string[] = [];
  const blank = (c: string | undefined): boolean => c !== undefined && ' \n\r\t\v\f'.includes(c);
  let i = 0;
  for (;;) {
    while (blank(line[i])) i++;
    if (i >= line.length) return out;
    let cur = '';
    while (i < line.length && !blank(line[i])) {
      const q = line[i];
      if (q === '"' || q === "'") {
        // A quoted part ends at its closing quote, which must end the word.
        const close = line.indexOf(q, i + 1);
        if (close < 0) return null;
        let part = line.slice(i + 1, close);
        if (q === '"') part = part.replace(/\\(.)/g, '$1');
        cur += part;
        i = close + 1;
        if (i < line.length && !blank(line[i])) return null;
      } else cur += line[i++];
    }
    out.push(cur);
  }
}
