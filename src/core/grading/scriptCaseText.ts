// How a script problem's messages read: times, Retry-After, one request, a sentence's end, and
// what a script's error means (a runaway script, keys in different Cluster slots).

export const clean = (m: string) => {
  const t = m.trim();
  return /[.!?)]$/.test(t) ? t : `${t}.`;
};

export const fmtT = (t: number) => String(Number(t.toFixed(6)));
export const retryText = (r: number | null | undefined): string =>
  r === -1 ? 'Retry-After -1 (never fits)' : r == null ? 'no Retry-After' : `Retry-After ${r}`;

/** "the request at 12.5 s (cost 3) for bob". */
export function describeCall(c: { at: number; cost: number; key: string }): string {
  return `the request at ${fmtT(c.at)} s${c.cost !== 1 ? ` (cost ${c.cost})` : ''}${c.key !== 'client' ? ` for ${c.key}` : ''}`;
}

export const isBudgetKill = (e: string) => /killed by the lab|ran longer than|budget/i.test(e);

export function crossslotNote(e: string): string {
  return /CROSSSLOT|same slot|non local key/i.test(e)
    ? ' In Redis Cluster a script may only touch keys in one hash slot; only the text inside {braces} is hashed when a key has them.'
    : '';
}
