// The easiest schedule to follow among the equivalent ones: fewest context switches. Reordering
// a schedule's steps keeps its replies and its final store as long as every pair of
// conflicting steps (and every request's own steps) stays in order, so the counterexample the
// explorer found can be shown in its most readable order. A dynamic program over how many
// steps of each request have run finds it exactly.
import { conflicts } from './commands';
import type { Move } from './world';

/** Context switches: adjacent steps of different requests. */
export function switches(actions: readonly { request: number }[]): number {
  let n = 0;
  for (let i = 1; i < actions.length; i++) if (actions[i]!.request !== actions[i - 1]!.request) n++;
  return n;
}

/**
 * An order of the same moves with the fewest context switches; among those, the one that lets
 * the lowest-numbered request go first at every step.
 */
export function fewestSwitches<M extends Move>(moves: readonly M[], servers: number): M[] {
  if (moves.length < 2) return [...moves];
  // Pauses (request -1) are one more participant: the clock, numbered after the servers.
  const requests = servers + 1;
  const who = (m: Move): number => (m.request < 0 ? servers : m.request);
  const lists: number[][] = Array.from({ length: requests }, () => []);
  const local: number[] = [];
  moves.forEach((m, k) => {
    local.push(lists[who(m)]!.length);
    lists[who(m)]!.push(k);
  });
  // need[k][r]: how many of request r's moves must come before move k.
  const need: Int32Array[] = moves.map((b, kb) => {
    const row = new Int32Array(requests);
    for (let ka = 0; ka < kb; ka++) {
      const a = moves[ka]!;
      if (who(a) === who(b) || conflicts(a.fp, b.fp))
        row[who(a)] = Math.max(row[who(a)]!, local[ka]! + 1);
    }
    return row;
  });
  const radix: number[] = [];
  let mul = 1;
  for (let r = 0; r < requests; r++) {
    radix.push(mul);
    mul *= lists[r]!.length + 1;
  }
  const full = mul - 1;
  const counts = (key: number): number[] => {
    const c: number[] = [];
    for (let r = 0; r < requests; r++) c.push(Math.floor(key / radix[r]!) % (lists[r]!.length + 1));
    return c;
  };
  /** Requests whose next move may run in this state. */
  const enabled = (c: number[]): number[] => {
    const out: number[] = [];
    for (let r = 0; r < requests; r++) {
      if (c[r]! >= lists[r]!.length) continue;
      const row = need[lists[r]![c[r]!]!]!;
      let ok = true;
      for (let q = 0; q < requests && ok; q++) if (c[q]! < row[q]!) ok = false;
      if (ok) out.push(r);
    }
    return out;
  };
  // Fewest switches still to come from (state, last request), memoised.
  const memo = new Map<number, number>();
  const togo = (key: number, last: number): number => {
    if (key === full) return 0;
    const id = key * (requests + 1) + last;
    const hit = memo.get(id);
    if (hit !== undefined) return hit;
    let best = Infinity;
    for (const r of enabled(counts(key))) {
      const cost = (last !== requests && last !== r ? 1 : 0) + togo(key + radix[r]!, r);
      if (cost < best) best = cost;
    }
    memo.set(id, best);
    return best;
  };
  const order: M[] = [];
  let key = 0;
  let last = requests;
  while (key !== full) {
    const target = togo(key, last);
    const c = counts(key);
    const r = enabled(c).find(
      (q) => (last !== requests && last !== q ? 1 : 0) + togo(key + radix[q]!, q) === target,
    )!;
    order.push(moves[lists[r]![c[r]!]!]!);
    key += radix[r]!;
    last = r;
  }
  return order;
}
