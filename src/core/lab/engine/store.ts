// The shared store's network: its latency (with spikes) and its outages.
import type { EngineState } from './state';

/** One-way latency to or from the store at `time`. */
export function latency(e: EngineState, time: number): number {
  const st = e.sc.store;
  let l = st.latencySeconds;
  for (const s of st.latencySpikes) if (time >= s.from && time < s.to) l = s.latencySeconds;
  return l;
}

/** Whether the store is unreachable at `time`. */
export function down(e: EngineState, time: number): boolean {
  for (const o of e.outages) if (time >= o.from && time < o.to) return true;
  return false;
}
