// Redis's glob matcher (util.c stringmatchlen), case-sensitive, as KEYS uses it:
// * ? [abc] [^abc] [a-z] and \ escapes, with the same edge cases as the C code.

/**
 * Redis 7.0's guard against abusive patterns: a `*` nested more than this deep (each one
 * matched at a later point of the string) is no match, so the recursion stays shallow.
 */
export const GLOB_MAX_NESTING = 1000;

function matchImpl(
  p: string,
  pi: number,
  s: string,
  si: number,
  skip: { v: boolean },
  nesting: number,
): boolean {
  if (nesting > GLOB_MAX_NESTING) return false;
  const plen = p.length;
  const slen = s.length;
  while (pi < plen && si < slen) {
    const pc = p[pi]!;
    switch (pc) {
      case '*': {
        while (pi + 1 < plen && p[pi + 1] === '*') pi++;
        if (pi + 1 === plen) return true;
        while (si < slen) {
          if (matchImpl(p, pi + 1, s, si, skip, nesting + 1)) return true;
          if (skip.v) return false;
          si++;
        }
        skip.v = true;
        return false;
      }
      case '?':
        si++;
        break;
      case '[': {
        pi++;
        const not = p[pi] === '^';
        if (not) pi++;
        let match = false;
        const c = s.charCodeAt(si);
        for (;;) {
          if (p[pi] === '\\' && plen - pi >= 2) {
            pi++;
            if (p.charCodeAt(pi) === c) match = true;
          } else if (p[pi] === ']') {
            break;
          } else if (pi >= plen) {
            pi--;
            break;
          } else if (plen - pi >= 3 && p[pi + 1] === '-') {
            let start = p.charCodeAt(pi);
            let end = p.charCodeAt(pi + 2);
            if (start > end) {
              const t = start;
              start = end;
              end = t;
            }
            pi += 2;
            if (c >= start && c <= end) match = true;
          } else if (p.charCodeAt(pi) === c) {
            match = true;
          }
          pi++;
        }
        if (not) match = !match;
        if (!match) return false;
        si++;
        break;
      }
      case '\\':
        if (plen - pi >= 2) pi++;
        if (p[pi] !== s[si]) return false;
        si++;
        break;
      default:
        if (pc !== s[si]) return false;
        si++;
        break;
    }
    pi++;
    if (si === slen) {
      while (pi < plen && p[pi] === '*') pi++;
      break;
    }
  }
  return pi >= plen && si === slen;
}

/** Does `s` match the Redis glob `pattern`? */
export function globMatch(pattern: string, s: string): boolean {
  if (pattern === '*') return true;
  return matchImpl(pattern, 0, s, 0, { v: false }, 0);
}
