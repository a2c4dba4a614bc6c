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

/** An order of the same moves with the fewest context switches (ties: the given order). */
export function fewestSwitches<M extends Move>(moves: readonly M[], requests: number): M[] {
  if (moves.length < 2) return [...moves];
  const lists: number[][] = Array.from({ length: requests }, () => []);
  const local: number[] = [];
  moves.forEach((m, k) => {
    local.push(lists[m.request]!.length);
    lists[m.request]!.push(k);
  });
  // need[k][r]: how many of request r's moves must come before move k.
  const need: Int32Array[] = moves.map((b, kb) => {
    const row = new Int32Array(requests);
    for (let ka = 0; ka < kb; ka++) {
      const a = moves[ka]!;
      if (a.request === b.request || conflicts(a.fp, b.fp))
        row[a.request] = Math.max(row[a.request]!, local[ka]! + 1);
    }
    return row;
  });
  const radix: number[] = [];
  let mul = 1;
  for (let r = 0; r < requests; r++) {
    radix.push(mul);
    mul *= lists[r]!.length + 1;
  }
  type Cell = { cost: number; prev: number; prevLast: number; move: number };
  // layer: state key -> per last request (index requests = none yet) the best cell.
  let layer = new Map<number, (Cell | undefined)[]>();
  const start = new Array<Cell | undefined>(requests + 1);
  start[requests] = { cost: 0, prev: -1, prevLast: -1, move: -1 };
  layer.set(0, start);
  const history: Map<number, (Cell | undefined)[]>[] = [layer];
  const counts = new Int32Array(requests);
  const decode = (key: number) => {
    for (let r = requests - 1; r >= 0; r--) {
      counts[r] = Math.floor(key / radix[r]!);
      key -= counts[r]! * radix[r]!;
    }
  };
  for (let step = 0; step < moves.length; step++) {
    const next = new Map<number, (Cell | undefined)[]>();
    for (const [key, cells] of layer) {
      decode(key);
      for (let r = 0; r < requests; r++) {
        const c = counts[r]!;
        if (c >= lists[r]!.length) continue;
        const k = lists[r]![c]!;
        const row = need[k]!;
        let ok = true;
        for (let q = 0; q < requests && ok; q++) if (counts[q]! < row[q]!) ok = false;
        if (!ok) continue;
        const nkey = key + radix[r]!;
        let dest = next.get(nkey);
        if (!dest) {
          dest = new Array<Cell | undefined>(requests + 1);
          next.set(nkey, dest);
        }
        for (let last = 0; last <= requests; last++) {
          const cell = cells[last];
          if (!cell) continue;
          const cost = cell.cost + (last !== requests && last !== r ? 1 : 0);
          const cur = dest[r];
          if (!cur || cost < cur.cost) dest[r] = { cost, prev: key, prevLast: last, move: k };
        }
      }
    }
    layer = next;
    history.push(layer);
  }
  // The one full state; walk back.
  const full = [...layer.entries()][0];
  if (!full) return [...moves];
  let best = -1;
  for (let r = 0; r < requests; r++) {
    const c = full[1][r];
    if (c && (best < 0 || c.cost < full[1][best]!.cost)) best = r;
  }
  const order: number[] = [];
  let key = full[0];
  let last = best;
  for (let step = moves.length; step > 0; step--) {
    const cell = history[step]!.get(key)![last]!;
    order.push(cell.move);
    key = cell.prev;
    last = cell.prevLast;
  }
  order.reverse();
  return order.map((k) => moves[k]!);
}
