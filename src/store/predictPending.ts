// Which predict prompts on the page are waiting for an answer. While any is, its outcome is
// hidden, and `window.rateLab.snapshot().predictPending` is true (docs/spec/headless.md).
const waiting = new Set<string>();
const listeners = new Set<() => void>();

/** A prompt `id` is (or is no longer) waiting for the learner's answer. */
export function setPredictPending(id: string, on: boolean): void {
  if (on === waiting.has(id)) return;
  if (on) waiting.add(id);
  else waiting.delete(id);
  for (const f of listeners) f();
}

/** Some prompt on the page still hides its outcome. */
export function predictPending(): boolean {
  return waiting.size > 0;
}

export function subscribePredictPending(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}
