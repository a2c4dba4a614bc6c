// The keys the last round trip changed (added, removed from view or given a new value or
// expiry), for the store column to highlight.
import type { SessionState } from '../../core/races/session';

export function changedKeys(st: SessionState | null): Set<string> {
  const out = new Set<string>();
  if (!st || st.steps.length === 0) return out;
  const last = st.steps[st.steps.length - 1]!.state;
  const prev = st.steps.length > 1 ? st.steps[st.steps.length - 2]!.state : st.initialStore;
  const before = new Map(prev.map((k) => [k.key, JSON.stringify(k)]));
  for (const k of last) if (before.get(k.key) !== JSON.stringify(k)) out.add(k.key);
  return out;
}
